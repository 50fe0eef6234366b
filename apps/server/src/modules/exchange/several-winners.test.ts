import { describe, expect, it } from 'vitest';
import { transaction } from '../../platform/transaction.ts';
import { recordResult, setMarketStatus } from '../sports/index.ts';
import { loadMarketUnit } from './market-load.ts';
import { exchangeTestApp } from './testing/exchange-test-app.ts';

/** Holds on a market paying several winners (docs/decisions/0282): every set of winners is judged. */

const app = exchangeTestApp();

type Auth = Record<string, string>;

/** A market of three runners that pays two, its unit told so by a sync as the feed's terms would. */
async function placeMarket() {
  const market = await app.x.market(['A', 'B', 'C']);
  await app.ctx.deps.db.query('UPDATE markets SET number_of_winners = 2 WHERE id = $1', [market.id]);
  expect((await app.ctx.deps.exchange.run(market.id, { type: 'sync' })).ok).toBe(true);
  await app.ctx.deps.exchange.idle();
  return { id: market.id, runners: market.runners.map((runner) => runner.id) };
}

/** `layer` lays `runnerId` for 100.00 at `price` and a new backer takes it in full. */
async function layMatched(marketId: string, layer: Auth, runnerId: string, price: number) {
  const bet = { marketId, runnerId, price, stake: '100' };
  const lay = await app.x.place(layer, { ...bet, side: 'LAY' });
  if (lay.statusCode >= 400) return lay;
  const backer = await app.x.player();
  const back = await app.x.place(backer.auth, { ...bet, side: 'BACK' });
  expect(back.json().bet).toMatchObject({ status: 'MATCHED' });
  return lay;
}

describe('a market paying two winners', () => {
  it('holds both liabilities of two lays and settles both placed within the hold', async () => {
    const market = await placeMarket();
    const [a, b] = market.runners;
    const layer = await app.x.player('500.00');
    expect((await layMatched(market.id, layer.auth, a!, 3)).statusCode).toBeLessThan(300);
    expect((await layMatched(market.id, layer.auth, b!, 4)).statusCode).toBeLessThan(300);
    const bets = await app.x.bets(layer.auth);
    expect(bets.map((bet) => bet.status)).toEqual(['MATCHED', 'MATCHED']);
    // Liabilities 200.00 and 300.00: both are lost if A and B both place (one winner would hold 200.00).
    expect(await app.x.balance(layer.auth)).toEqual({ balance: '0.00', exposure: '500.00' });

    const rebuilt = await loadMarketUnit(app.ctx.deps.db, market.id);
    expect(rebuilt!.risk.winnerCount).toBe(2);
    expect(rebuilt!.risk.exposureMinor(layer.id)).toBe(50_000n);

    await transaction(app.ctx.deps.db, async (tx) => {
      await recordResult(tx, market.id, { kind: 'WINNERS', winnerRunnerIds: [a!, b!] });
      await setMarketStatus(tx, market.id, 'CLOSED');
    });
    expect((await app.ctx.deps.exchange.run(market.id, { type: 'sync' })).ok).toBe(true);
    await app.ctx.deps.exchange.idle();
    expect(await app.x.balance(layer.auth)).toEqual({ balance: '0.00', exposure: '0.00' });
  });

  it('refuses the second lay when the cash covers one liability but not both', async () => {
    const market = await placeMarket();
    const [a, b] = market.runners;
    const layer = await app.x.player('400.00');
    await layMatched(market.id, layer.auth, a!, 3);
    const refused = await layMatched(market.id, layer.auth, b!, 4);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await app.x.balance(layer.auth)).toEqual({ balance: '200.00', exposure: '200.00' });
  });
});
