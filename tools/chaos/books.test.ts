import { describe, expect, it } from 'vitest';
import { checkBook } from './books.ts';
import { useCheckerDatabase } from './db-test-kit.ts';
import {
  STAKE_MINOR,
  addMarket,
  addPlayer,
  exchangeBet,
  fillBetween,
  matchedBy,
  writeBatch,
  type SeededMarket,
} from './seed-test-kit.ts';

const database = useCheckerDatabase();

type Level = { price: number; size: string };

async function publish(market: SeededMarket, lay: Level[]): Promise<void> {
  const ladder = { [market.runnerIds[0]]: { back: [], lay } };
  await database.db.query(
    `INSERT INTO market_books (market_id, version, ladder) VALUES ($1, 1, $2::jsonb)
     ON CONFLICT (market_id) DO UPDATE SET version = market_books.version + 1, ladder = EXCLUDED.ladder`,
    [market.id, JSON.stringify(ladder)],
  );
}

/** A market with a back of 10.00 resting at 2.00 (shown to layers) and a pair matched with its fill. */
async function marketWithBook(): Promise<SeededMarket> {
  const db = database.db;
  const market = await addMarket(db);
  const resting = exchangeBet(market, await addPlayer(db), 'BACK');
  const maker = exchangeBet(market, await addPlayer(db), 'LAY');
  const taker = exchangeBet(market, await addPlayer(db), 'BACK', { matchedMinor: STAKE_MINOR });
  await writeBatch(db, {
    bets: [resting, taker, matchedBy(maker, taker)],
    fills: [fillBetween(taker, maker)],
  });
  return market;
}

describe('checkBook', () => {
  it('passes a published book that shows every resting stake, more where the maker quotes, levels pushed out', async () => {
    const market = await marketWithBook();
    await publish(market, [{ price: 2, size: '25.00' }]);
    expect(await checkBook(database.pool, market.id)).toBeNull();
    // Three better levels of the maker's push the players' level past the depth shown.
    await publish(market, [
      { price: 1.5, size: '5.00' },
      { price: 1.6, size: '5.00' },
      { price: 1.7, size: '5.00' },
    ]);
    expect(await checkBook(database.pool, market.id)).toBeNull();
  });

  it('finds a resting stake the published book lacks or shows smaller', async () => {
    const market = await marketWithBook();
    await publish(market, []);
    expect(await checkBook(database.pool, market.id)).toBe(
      `${market.runnerIds[0]} lay 2: 10.00 resting in bets, nothing published`,
    );
    await publish(market, [{ price: 2, size: '4.00' }]);
    expect(await checkBook(database.pool, market.id)).toBe(
      `${market.runnerIds[0]} lay 2: 10.00 resting in bets, 4.00 published`,
    );
  });

  it('finds a bet whose matched part differs from its fills', async () => {
    const db = database.db;
    const market = await addMarket(db);
    const unfilled = exchangeBet(market, await addPlayer(db), 'LAY', { matchedMinor: STAKE_MINOR });
    await writeBatch(db, { bets: [unfilled] });
    await publish(market, []);
    expect(await checkBook(database.pool, market.id)).toBe(`bet ${unfilled.id} matched 1000, its fills 0`);
  });
});
