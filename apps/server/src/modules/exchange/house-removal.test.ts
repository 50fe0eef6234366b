import { describe, expect, it } from 'vitest';
import { addHouseMarket } from '../../test/house-market.ts';
import { loadMarketUnit } from './market-load.ts';
import { exchangeTestApp } from './testing/exchange-test-app.ts';
import { removeRunnerAsFeed, settleFromResult } from './testing/runner-removal.ts';

/**
 * Non-runners on a bookmaker line (docs/decisions/0284): bets on the others taken before the removal
 * stand at the exchange's reduced price (Betfair rule 13.7, win market), their holds follow, and the
 * line settles at those prices.
 */

const app = exchangeTestApp();

type Auth = Record<string, string>;
type BetJson = { id: string; status: string; price: number; avgPrice: number | null; profit: string | null };

/**
 * A line beside an operator market, quoting A 4.80 / 5.20, B 3.85 / 4.20, C 2.42 / 2.58 and D 7.60 /
 * 8.40 (fair chances with the house's 3 % either side).
 */
async function line(): Promise<string> {
  const chances: [string, number][] = [
    ['A', 200_000],
    ['B', 250_000],
    ['C', 400_000],
    ['D', 125_000],
  ];
  return addHouseMarket(app.ctx, await app.x.market(), 'BOOKMAKER', chances, null);
}

/** A funded player's bet of 100.00 against the house at its quote, taken whole. */
async function bet(marketId: string, runnerId: string, side: 'BACK' | 'LAY', price: number) {
  const player = await app.x.player();
  const placed = await app.x.place(player.auth, { marketId, runnerId, side, price, stake: '100' });
  expect(placed.statusCode, placed.body).toBe(201);
  return { auth: player.auth, id: player.id, betId: placed.json<{ bet: BetJson }>().bet.id };
}

const removeRunner = (marketId: string, runnerId: string, adjustmentFactor: number) =>
  removeRunnerAsFeed(app.ctx, marketId, runnerId, adjustmentFactor);

const betOf = async ({ auth, betId }: { auth: Auth; betId: string }) =>
  (await app.x.bets(auth)).find((one) => one.id === betId) as unknown as BetJson;
const balanceOf = ({ auth }: { auth: Auth }) => app.x.balance(auth);

const settleOn = (marketId: string, winnerRunnerId: string) =>
  settleFromResult(app.ctx, marketId, { kind: 'WINNER', winnerRunnerId });

describe('a non-runner on a bookmaker line', () => {
  it('reduces the bets on the others taken before it, moves their holds, and settles at the reduced price', async () => {
    const id = await line();
    const backA = await bet(id, 'A', 'BACK', 4.8);
    const layA = await bet(id, 'A', 'LAY', 5.2);
    const backB = await bet(id, 'B', 'BACK', 3.85);
    const layB = await bet(id, 'B', 'LAY', 4.2);
    const onC = await bet(id, 'C', 'BACK', 2.42);
    expect(await balanceOf(layA)).toEqual({ balance: '580.00', exposure: '420.00' });
    expect(await balanceOf(layB)).toEqual({ balance: '680.00', exposure: '320.00' });

    expect(await removeRunner(id, 'C', 25)).toEqual({
      applied: true,
      voidedBets: 1,
      cancelledOrders: 0,
      reducedFills: 4,
    });
    // 4.80 × 0.75 = 3.60, 5.20 → 3.90, 4.20 → 3.15, and 3.85 → 2.8875, rounded down to 2.88: the
    // price taken stays, the average price is the reduced one, as on a reduced exchange fill.
    expect(await betOf(backA)).toMatchObject({ status: 'MATCHED', price: 4.8, avgPrice: 3.6 });
    expect(await betOf(layA)).toMatchObject({ status: 'MATCHED', price: 5.2, avgPrice: 3.9 });
    expect(await betOf(backB)).toMatchObject({ avgPrice: 2.88 });
    expect(await betOf(layB)).toMatchObject({ avgPrice: 3.15 });
    // A back risks its stake whatever the price; a lay's liability shrinks: 420 → 290, 320 → 215.
    expect(await balanceOf(backA)).toEqual({ balance: '900.00', exposure: '100.00' });
    expect(await balanceOf(layA)).toEqual({ balance: '710.00', exposure: '290.00' });
    expect(await balanceOf(layB)).toEqual({ balance: '785.00', exposure: '215.00' });
    expect(await betOf(onC)).toMatchObject({ status: 'VOID' });
    expect(await balanceOf(onC)).toEqual({ balance: '1000.00', exposure: '0.00' });
    const [stored] = await app.ctx.deps.db.query<{ matched_value: string }>(
      'SELECT matched_value::text FROM bets WHERE id = $1',
      [layA.betId],
    );
    expect(stored!.matched_value).toBe('3900000');

    // A bet taken after the removal stands at its price.
    const later = await bet(id, 'A', 'BACK', 4.8);
    expect(await betOf(later)).toMatchObject({ avgPrice: 4.8 });

    // A restart finds the same line: the removal, and the lay's risk at its reduced price.
    const rebuilt = await loadMarketUnit(app.ctx.deps.db, id);
    expect(rebuilt!.removals.has('C')).toBe(true);
    expect(rebuilt!.risk.exposureMinor(layA.id)).toBe(29_000n);

    // The same removal again changes nothing.
    expect(await removeRunner(id, 'C', 25)).toMatchObject({ applied: false, reducedFills: 0 });
    expect(await betOf(backA)).toMatchObject({ avgPrice: 3.6 });
    expect(await balanceOf(layA)).toEqual({ balance: '710.00', exposure: '290.00' });

    await settleOn(id, 'A');
    // 100 × (3.60 − 1) = 260 to the earlier back, 290 from the lay; the later back wins 380 at 4.80.
    expect(await betOf(backA)).toMatchObject({ status: 'SETTLED', avgPrice: 3.6, profit: '260.00' });
    expect(await balanceOf(backA)).toEqual({ balance: '1260.00', exposure: '0.00' });
    expect(await betOf(layA)).toMatchObject({ status: 'SETTLED', profit: '-290.00' });
    expect(await balanceOf(layA)).toEqual({ balance: '710.00', exposure: '0.00' });
    expect(await balanceOf(later)).toEqual({ balance: '1380.00', exposure: '0.00' });
    expect(await balanceOf(backB)).toEqual({ balance: '900.00', exposure: '0.00' });
    expect(await balanceOf(layB)).toEqual({ balance: '1100.00', exposure: '0.00' });
    expect(await balanceOf(onC)).toEqual({ balance: '1000.00', exposure: '0.00' });
  });

  it('does not apply a factor of 2.5 % or less, and compounds two removals', async () => {
    const id = await line();
    const first = await bet(id, 'A', 'BACK', 4.8);
    const lay = await bet(id, 'A', 'LAY', 5.2);
    const onB = await bet(id, 'B', 'LAY', 4.2);

    expect(await removeRunner(id, 'C', 2)).toMatchObject({ applied: true, reducedFills: 0 });
    expect(await betOf(first)).toMatchObject({ avgPrice: 4.8 });
    expect(await balanceOf(lay)).toEqual({ balance: '580.00', exposure: '420.00' });

    const between = await bet(id, 'A', 'BACK', 4.8);
    expect(await removeRunner(id, 'D', 25)).toMatchObject({ applied: true, reducedFills: 4 });
    expect(await betOf(onB)).toMatchObject({ avgPrice: 3.15 });
    const after = await bet(id, 'A', 'BACK', 4.8);

    // B goes too at 20 %: before both, 4.80 × 0.75 × 0.8 = 2.88 and 5.20 → 3.12; after D, 4.80 × 0.8.
    expect(await removeRunner(id, 'B', 20)).toMatchObject({ applied: true, voidedBets: 1, reducedFills: 4 });
    expect(await betOf(first)).toMatchObject({ avgPrice: 2.88 });
    expect(await betOf(between)).toMatchObject({ avgPrice: 2.88 });
    expect(await betOf(after)).toMatchObject({ avgPrice: 3.84 });
    expect(await betOf(lay)).toMatchObject({ avgPrice: 3.12 });
    expect(await balanceOf(lay)).toEqual({ balance: '788.00', exposure: '212.00' });
    // The lay on B, reduced to 3.15 and then void, releases all of its hold.
    expect(await betOf(onB)).toMatchObject({ status: 'VOID' });
    expect(await balanceOf(onB)).toEqual({ balance: '1000.00', exposure: '0.00' });
    const rebuilt = await loadMarketUnit(app.ctx.deps.db, id);
    expect([...rebuilt!.removals.keys()].sort()).toEqual(['B', 'C', 'D']);
    expect(rebuilt!.risk.exposureMinor(lay.id)).toBe(21_200n);

    await settleOn(id, 'A');
    // 100 × 1.88 to each back before D, 100 × 2.84 to the one after it; the lay pays 212.
    expect(await balanceOf(first)).toEqual({ balance: '1188.00', exposure: '0.00' });
    expect(await balanceOf(between)).toEqual({ balance: '1188.00', exposure: '0.00' });
    expect(await balanceOf(after)).toEqual({ balance: '1284.00', exposure: '0.00' });
    expect(await balanceOf(lay)).toEqual({ balance: '788.00', exposure: '0.00' });
    expect(await balanceOf(onB)).toEqual({ balance: '1000.00', exposure: '0.00' });
  });
});
