import { describe, expect, it } from 'vitest';
import { transaction } from '../../platform/transaction.ts';
import { recordResult, setMarketStatus } from '../sports/index.ts';
import { exchangeTestApp } from './testing/exchange-test-app.ts';

/** Cash out on a market paying two winners (docs/decisions/0285): each runner is hedged on its own. */

const app = exchangeTestApp();

type Auth = Record<string, string>;
type Bet = { runnerId: string; side: 'BACK' | 'LAY'; price: number; stake: string };

/** Three runners paying two, without commission so the balance shows the profit to the unit. */
async function placeMarket() {
  const market = await app.x.market(['A', 'B', 'C']);
  await app.ctx.deps.db.query(
    'UPDATE markets SET number_of_winners = 2, commission_percent = 0 WHERE id = $1',
    [market.id],
  );
  expect((await app.ctx.deps.exchange.run(market.id, { type: 'sync' })).ok).toBe(true);
  await app.ctx.deps.exchange.idle();
  return { id: market.id, runners: market.runners.map((runner) => runner.id) };
}

/** `player` places `bet` and a new player takes the other side in full. */
async function matched(marketId: string, player: Auth, bet: Bet) {
  const placed = await app.x.place(player, { marketId, ...bet });
  expect(placed.statusCode).toBe(201);
  const other = await app.x.player();
  const side = bet.side === 'BACK' ? 'LAY' : 'BACK';
  const taken = await app.x.place(other.auth, { marketId, ...bet, side });
  expect(taken.json().bet).toMatchObject({ status: 'MATCHED' });
}

/** Resting orders the cash out's legs take: a back to lay against, a lay to back against. */
async function rest(marketId: string, maker: Auth, bet: Bet) {
  const placed = await app.x.place(maker, { marketId, ...bet });
  expect(placed.json().bet).toMatchObject({ status: 'UNMATCHED' });
}

async function settle(marketId: string, winnerRunnerIds: string[]) {
  await transaction(app.ctx.deps.db, async (tx) => {
    await recordResult(tx, marketId, { kind: 'WINNERS', winnerRunnerIds });
    await setMarketStatus(tx, marketId, 'CLOSED');
  });
  expect((await app.ctx.deps.exchange.run(marketId, { type: 'sync' })).ok).toBe(true);
  await app.ctx.deps.exchange.idle();
}

const cashOutUrl = (marketId: string) => `/api/markets/${encodeURIComponent(marketId)}/cash-out`;

describe('cash out on a market paying two winners', () => {
  it.each([
    [0, 1],
    [0, 2],
    [1, 2],
  ])('pays the quoted profit whichever two place (%i and %i)', async (first, second) => {
    const market = await placeMarket();
    const [a, b, c] = market.runners as [string, string, string];
    const alice = await app.x.player('1000.00');
    await matched(market.id, alice.auth, { runnerId: a, side: 'BACK', price: 3, stake: '100' });
    await matched(market.id, alice.auth, { runnerId: b, side: 'LAY', price: 2, stake: '100' });
    await matched(market.id, alice.auth, { runnerId: c, side: 'BACK', price: 5, stake: '100' });
    const maker = await app.x.player('10000.00');
    await rest(market.id, maker.auth, { runnerId: a, side: 'BACK', price: 2.5, stake: '500' });
    await rest(market.id, maker.auth, { runnerId: b, side: 'LAY', price: 2.5, stake: '500' });
    await rest(market.id, maker.auth, { runnerId: c, side: 'BACK', price: 4, stake: '500' });

    const quote = await app.x.admin_('GET', cashOutUrl(market.id), alice.auth);
    // Lay A 120.00 @ 2.50, back B 80.00 @ 2.50, lay C 125.00 @ 4.00: 20.00 + 20.00 + 25.00 on every pair.
    expect(quote.json()).toMatchObject({ available: true, profit: '65.00' });
    const cashed = await app.x.admin_('POST', cashOutUrl(market.id), alice.auth);
    expect(cashed.statusCode).toBe(200);
    expect(cashed.json()).toMatchObject({
      bet: { runnerId: c, side: 'LAY', stake: '125.00', status: 'MATCHED' },
      profitIfWin: '65.00',
      profitIfLose: '65.00',
    });
    const hedges = (await app.x.bets(alice.auth, `?marketId=${market.id}`)).slice(0, 3);
    expect(hedges.map((bet) => bet.status)).toEqual(['MATCHED', 'MATCHED', 'MATCHED']);
    expect(await app.x.balance(alice.auth)).toEqual({ balance: '1000.00', exposure: '0.00' });
    const after = await app.x.admin_('GET', cashOutUrl(market.id), alice.auth);
    expect(after.json()).toMatchObject({ available: false });

    await settle(market.id, [market.runners[first]!, market.runners[second]!]);
    expect(await app.x.balance(alice.auth)).toEqual({ balance: '1065.00', exposure: '0.00' });
  });
});
