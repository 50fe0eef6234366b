import { describe, expect, it } from 'vitest';
import { loadMarketUnit } from './market-load.ts';
import { exchangeTestApp } from './testing/exchange-test-app.ts';
import { removeRunnerAsFeed, settleFromResult } from './testing/runner-removal.ts';

/** Non-runners (Betfair rule 13.7, docs/decisions/0269) and markets paying several winners. */

const app = exchangeTestApp();

type Auth = Record<string, string>;
type BetJson = {
  id: string;
  status: string;
  avgPrice: number | null;
  matched: string;
  profit: string | null;
};

const removeRunner = (marketId: string, runnerId: string, adjustmentFactor: number) =>
  removeRunnerAsFeed(app.ctx, marketId, runnerId, adjustmentFactor);

/** Places a lay and then a back at the same price on a runner: they match in full. */
async function matched(marketId: string, runnerId: string, price: number, stake: string) {
  const { x } = app;
  const [backer, layer] = [await x.player(), await x.player()];
  const bet = { marketId, runnerId, price, stake };
  const lay = (await x.place(layer.auth, { ...bet, side: 'LAY' })).json().bet as BetJson;
  const back = (await x.place(backer.auth, { ...bet, side: 'BACK' })).json().bet as BetJson;
  return { backer, layer, back, lay };
}

const betOf = async (auth: Auth, betId: string) =>
  (await app.x.bets(auth)).find((bet) => bet.id === betId) as unknown as BetJson;

const settle = (marketId: string, result: Parameters<typeof settleFromResult>[2]) =>
  settleFromResult(app.ctx, marketId, result);

const transfers = async () => {
  const [row] = await app.ctx.deps.db.query<{ n: string | number }>('SELECT count(*) AS n FROM transfers');
  return Number(row!.n);
};

describe('removing a runner', () => {
  it('reduces earlier fills on the others, voids the runner, cancels what rests, and settles reduced', async () => {
    const { x } = app;
    const market = await x.market(['A', 'B', 'C']);
    const [a, b, c] = market.runners.map((runner) => runner.id);
    const onA = await matched(market.id, a!, 8, '100');
    const onB = await matched(market.id, b!, 3, '100');
    const onC = await matched(market.id, c!, 5, '100');
    const resting = await x.player();
    const restingLay = (
      await x.place(resting.auth, {
        marketId: market.id,
        runnerId: a!,
        side: 'LAY',
        price: 1.5,
        stake: '100',
      })
    ).json().bet as BetJson;
    expect(await x.balance(onA.layer.auth)).toEqual({ balance: '300.00', exposure: '700.00' });
    expect(await x.balance(resting.auth)).toEqual({ balance: '950.00', exposure: '50.00' });

    expect(await removeRunner(market.id, c!, 25)).toEqual({
      applied: true,
      voidedBets: 2,
      cancelledOrders: 1,
      reducedFills: 2,
    });
    // A at 8.0 stands at 6.0, B at 3.0 at 2.25: the layers' holds shrink with their liabilities.
    expect(await betOf(onA.backer.auth, onA.back.id)).toMatchObject({ status: 'MATCHED', avgPrice: 6 });
    expect(await betOf(onA.layer.auth, onA.lay.id)).toMatchObject({ status: 'MATCHED', avgPrice: 6 });
    expect(await betOf(onB.backer.auth, onB.back.id)).toMatchObject({ avgPrice: 2.25 });
    expect(await x.balance(onA.layer.auth)).toEqual({ balance: '500.00', exposure: '500.00' });
    expect(await x.balance(onB.layer.auth)).toEqual({ balance: '875.00', exposure: '125.00' });
    // C's bets are void with their stakes back; the resting lay on A is cancelled.
    expect(await betOf(onC.backer.auth, onC.back.id)).toMatchObject({ status: 'VOID', matched: '0.00' });
    expect(await betOf(onC.layer.auth, onC.lay.id)).toMatchObject({ status: 'VOID', matched: '0.00' });
    expect(await x.balance(onC.backer.auth)).toEqual({ balance: '1000.00', exposure: '0.00' });
    expect(await x.balance(onC.layer.auth)).toEqual({ balance: '1000.00', exposure: '0.00' });
    expect(await betOf(resting.auth, restingLay.id)).toMatchObject({ status: 'CANCELLED' });
    expect(await x.balance(resting.auth)).toEqual({ balance: '1000.00', exposure: '0.00' });
    // The removed runner takes no more bets.
    const refused = await x.place(resting.auth, {
      marketId: market.id,
      runnerId: c!,
      side: 'BACK',
      price: 5,
      stake: '100',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'RUNNER_REMOVED' });

    // A fill after the removal stands at its own price.
    const later = await matched(market.id, a!, 8, '100');
    expect(await betOf(later.backer.auth, later.back.id)).toMatchObject({ avgPrice: 8 });
    expect(await x.balance(later.layer.auth)).toEqual({ balance: '300.00', exposure: '700.00' });

    // A restart finds the same market: reduced fills, removed runner, holds.
    const rebuilt = await loadMarketUnit(app.ctx.deps.db, market.id);
    expect(rebuilt!.removals.has(c!)).toBe(true);
    expect(rebuilt!.risk.exposureMinor(onA.layer.id)).toBe(50_000n);
    expect(rebuilt!.risk.exposureMinor(onB.layer.id)).toBe(12_500n);
    expect(rebuilt!.risk.exposureMinor(later.layer.id)).toBe(70_000n);

    // The same removal again changes nothing.
    const posted = await transfers();
    expect(await removeRunner(market.id, c!, 25)).toMatchObject({ applied: false });
    expect(await transfers()).toBe(posted);
    expect(await x.balance(onA.layer.auth)).toEqual({ balance: '500.00', exposure: '500.00' });

    await settle(market.id, { kind: 'WINNER', winnerRunnerId: a! });
    // 100 × (6 − 1) = 500 less 2 % commission; the later backer wins at 8.0.
    expect(await x.balance(onA.backer.auth)).toEqual({ balance: '1490.00', exposure: '0.00' });
    expect(await x.balance(onA.layer.auth)).toEqual({ balance: '500.00', exposure: '0.00' });
    expect(await x.balance(later.backer.auth)).toEqual({ balance: '1686.00', exposure: '0.00' });
    expect(await betOf(onA.backer.auth, onA.back.id)).toMatchObject({ status: 'SETTLED', profit: '500.00' });
    expect(await x.balance(onB.backer.auth)).toEqual({ balance: '900.00', exposure: '0.00' });
    expect(await x.balance(onC.backer.auth)).toEqual({ balance: '1000.00', exposure: '0.00' });
    expect(await betOf(onC.backer.auth, onC.back.id)).toMatchObject({ status: 'VOID' });
  });

  it('does not apply a factor of 2.5 % or less, and compounds two removals', async () => {
    const { x } = app;
    const market = await x.market(['A', 'B', 'C', 'D']);
    const [a, b, c, d] = market.runners.map((runner) => runner.id);
    const onA = await matched(market.id, a!, 8, '100');
    const onB = await matched(market.id, b!, 4, '100');

    expect(await removeRunner(market.id, c!, 2)).toMatchObject({ applied: true, reducedFills: 0 });
    expect(await betOf(onA.backer.auth, onA.back.id)).toMatchObject({ avgPrice: 8 });

    const between = await matched(market.id, b!, 4, '100');
    expect(await removeRunner(market.id, d!, 25)).toMatchObject({ applied: true, reducedFills: 3 });
    expect(await betOf(onA.backer.auth, onA.back.id)).toMatchObject({ avgPrice: 6 });
    expect(await betOf(between.backer.auth, between.back.id)).toMatchObject({ avgPrice: 3 });

    await removeRunner(market.id, b!, 20);
    // A's fill came before both: 8 × 0.75 × 0.8 = 4.8. B's bets are void.
    expect(await betOf(onA.backer.auth, onA.back.id)).toMatchObject({ avgPrice: 4.8 });
    expect(await x.balance(onA.layer.auth)).toEqual({ balance: '620.00', exposure: '380.00' });
    expect(await betOf(onB.backer.auth, onB.back.id)).toMatchObject({ status: 'VOID' });
    expect(await x.balance(between.layer.auth)).toEqual({ balance: '1000.00', exposure: '0.00' });

    await settle(market.id, { kind: 'WINNER', winnerRunnerId: a! });
    // 100 × 3.8 = 380 less 2 %.
    expect(await x.balance(onA.backer.auth)).toEqual({ balance: '1372.40', exposure: '0.00' });
    expect(await x.balance(onA.layer.auth)).toEqual({ balance: '620.00', exposure: '0.00' });
  });

  it('refuses what is no removal with a typed answer', async () => {
    const market = await app.x.market(['A', 'B']);
    const { exchange } = app.ctx.deps;
    const unknown = await exchange.removeRunner(market.id, {
      runnerId: 'nope',
      adjustmentFactor: 10,
      removedAtMs: 1,
    });
    expect(unknown).toMatchObject({ ok: false, code: 'UNKNOWN_RUNNER' });
    const runnerId = market.runners[0]!.id;
    const factor = await exchange.removeRunner(market.id, {
      runnerId,
      adjustmentFactor: 100,
      removedAtMs: 1,
    });
    expect(factor).toMatchObject({ ok: false, code: 'INVALID_ADJUSTMENT_FACTOR' });
    const time = await exchange.removeRunner(market.id, { runnerId, adjustmentFactor: 10, removedAtMs: -1 });
    expect(time).toMatchObject({ ok: false, code: 'INVALID_REMOVAL_TIME' });
  });
});

describe('a market paying several winners', () => {
  it('settles every placed runner as a winner', async () => {
    const { x } = app;
    const market = await x.market(['A', 'B', 'C']);
    const [a, b, c] = market.runners.map((runner) => runner.id);
    const onA = await matched(market.id, a!, 3, '100');
    const onB = await matched(market.id, b!, 4, '100');
    const onC = await matched(market.id, c!, 2, '100');

    await settle(market.id, { kind: 'WINNERS', winnerRunnerIds: [a!, b!] });
    // Backers of A and B win (200 and 300 less 2 %), their layers lose; C's backer loses to its layer.
    expect(await x.balance(onA.backer.auth)).toEqual({ balance: '1196.00', exposure: '0.00' });
    expect(await x.balance(onA.layer.auth)).toEqual({ balance: '800.00', exposure: '0.00' });
    expect(await x.balance(onB.backer.auth)).toEqual({ balance: '1294.00', exposure: '0.00' });
    expect(await x.balance(onB.layer.auth)).toEqual({ balance: '700.00', exposure: '0.00' });
    expect(await x.balance(onC.backer.auth)).toEqual({ balance: '900.00', exposure: '0.00' });
    expect(await x.balance(onC.layer.auth)).toEqual({ balance: '1098.00', exposure: '0.00' });
    expect(await betOf(onB.backer.auth, onB.back.id)).toMatchObject({ status: 'SETTLED', profit: '300.00' });
    const [settled] = await app.ctx.deps.db.query<{ result: unknown }>(
      'SELECT result FROM market_settlements WHERE market_id = $1',
      [market.id],
    );
    expect(settled!.result).toEqual({ kind: 'WINNERS', runnerIds: [a, b] });
  });
});
