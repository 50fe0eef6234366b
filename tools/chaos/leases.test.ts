import { describe, expect, it } from 'vitest';
import { useCheckerDatabase } from './db-test-kit.ts';
import { leaseOwner, openMarkets } from './leases.ts';
import { addMarket } from './seed-test-kit.ts';

const database = useCheckerDatabase();

async function lease(unitId: string, owner: string, secondsLeft: number): Promise<void> {
  await database.db.query(
    `INSERT INTO unit_leases (unit_id, owner, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [unitId, owner, secondsLeft],
  );
}

describe('leaseOwner', () => {
  it('answers the owner of a live lease, and nobody for an expired or missing one', async () => {
    await lease('crash:live', 'owner-a', 10);
    await lease('crash:expired', 'owner-b', -1);
    expect(await leaseOwner(database.pool, 'crash:live')).toBe('owner-a');
    expect(await leaseOwner(database.pool, 'crash:expired')).toBeNull();
    expect(await leaseOwner(database.pool, 'crash:never')).toBeNull();
  });
});

describe('openMarkets', () => {
  it("lists open match-odds markets, the preferred owner's first, then the free ones; never in play or house-priced", async () => {
    const db = database.db;
    const [free, preferred, elsewhere, inPlay, housePriced, suspended] = [
      await addMarket(db),
      await addMarket(db),
      await addMarket(db),
      await addMarket(db),
      await addMarket(db),
      await addMarket(db),
    ];
    await lease(`market:${preferred.id}`, 'owner-a', 10);
    await lease(`market:${elsewhere.id}`, 'owner-b', 10);
    await db.query('UPDATE markets SET in_play = true WHERE id = $1', [inPlay.id]);
    await db.query('UPDATE markets SET house_priced = true WHERE id = $1', [housePriced.id]);
    await db.query(`UPDATE markets SET status = 'SUSPENDED' WHERE id = $1`, [suspended.id]);
    const markets = await openMarkets(database.pool, 10, 'owner-a');
    expect(markets.map((market) => [market.id, market.owner])).toEqual([
      [preferred.id, 'owner-a'],
      [free.id, null],
      [elsewhere.id, 'owner-b'],
    ]);
    expect(markets[0]).toMatchObject({ runnerId: preferred.runnerIds[0], stake: '1.00' });
  });
});
