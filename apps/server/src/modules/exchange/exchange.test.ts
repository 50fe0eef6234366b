import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../test/test-app.ts';
import { auditLedger } from '../wallet/index.ts';
import { exchangeClient } from './testing/exchange-client.ts';

let ctx: TestContext;
let x: Awaited<ReturnType<typeof exchangeClient>>;

beforeEach(async () => {
  ctx = await startTestApp();
  x = await exchangeClient(ctx);
});
afterEach(async () => {
  // Whatever a test did, the ledger adds up: balances fold their transfers, holds equal pending holds.
  expect(await auditLedger(ctx.deps.db)).toEqual([]);
  await ctx.close();
});

type Market = Awaited<ReturnType<typeof x.market>>;

/** A bet on the market's first runner; `more` adds or overrides fields. */
const betOn = (market: Market, side: 'BACK' | 'LAY', price: number, stake: string, more: object = {}) => ({
  marketId: market.id,
  runnerId: market.runners[0]!.id,
  side,
  price,
  stake,
  ...more,
});

/** A new market where Bob lays and then Alice backs its first runner at one price and stake: a match. */
async function matchedPair(price: number, stake: string) {
  const market = await x.market();
  const alice = await x.player();
  const bob = await x.player();
  await x.place(bob.auth, betOn(market, 'LAY', price, stake));
  await x.place(alice.auth, betOn(market, 'BACK', price, stake));
  return { market, alice, bob };
}

describe('bets on an exchange market', () => {
  it('matches a back and a lay at the resting price and leaves a cancellable remainder', async () => {
    const market = await x.market();
    const alice = await x.player();
    const bob = await x.player();
    const back = await x.place(alice.auth, betOn(market, 'BACK', 2.5, '200'));
    expect(back.statusCode).toBe(201);
    expect(back.json().bet).toMatchObject({
      status: 'UNMATCHED',
      stake: '200.00',
      matched: '0.00',
      unmatched: '200.00',
    });
    // A lay at 2.2 does not take a back resting at 2.5 (a higher price is worse for the layer).
    const lay = await x.place(bob.auth, betOn(market, 'LAY', 2.2, '120'));
    expect(lay.json().bet.status).toBe('UNMATCHED');
    const lay2 = await x.place(bob.auth, betOn(market, 'LAY', 2.5, '120'));
    expect(lay2.json().bet).toMatchObject({ status: 'MATCHED', matched: '120.00', avgPrice: 2.5 });
    const mine = await x.bets(alice.auth, '?status=open');
    expect(mine[0]).toMatchObject({ id: back.json().bet.id, status: 'PARTIALLY_MATCHED' });
    const cancelled = await x.cancel(alice.auth, back.json().bet.id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().bet).toMatchObject({ status: 'MATCHED', matched: '120.00', unmatched: '0.00' });
    expect((await x.cancel(alice.auth, back.json().bet.id)).json().code).toBe('NOTHING_TO_CANCEL');
    expect((await x.cancel(bob.auth, back.json().bet.id)).json().code).toBe('BET_NOT_FOUND');
    // Alice risks her matched stake; Bob his matched liability (180) plus his resting lay's (144).
    expect(await x.balance(alice.auth)).toEqual({ balance: '880.00', exposure: '120.00' });
    expect(await x.balance(bob.auth)).toEqual({ balance: '676.00', exposure: '324.00' });
  });

  it('shows the resting orders as the market ladder', async () => {
    const market = await x.market();
    const alice = await x.player();
    await x.place(alice.auth, betOn(market, 'BACK', 3, '100'));
    await x.place(alice.auth, betOn(market, 'LAY', 2, '150'));
    const view = await x.marketView(market.id);
    expect(view.runners[0].lay).toEqual([{ price: 3, size: '100.00' }]);
    expect(view.runners[0].back).toEqual([{ price: 2, size: '150.00' }]);
  });

  it('follows hedging: a lay against a matched back lowers the exposure', async () => {
    const { market, alice, bob } = await matchedPair(3, '100');
    expect((await x.balance(alice.auth)).exposure).toBe('100.00');
    await x.place(bob.auth, betOn(market, 'BACK', 2, '150'));
    await x.place(alice.auth, betOn(market, 'LAY', 2, '150'));
    // Home wins: +200 − 150 = +50; Home loses: −100 + 150 = +50. No risk left.
    expect((await x.balance(alice.auth)).exposure).toBe('0.00');
  });

  it('answers the same bet for the same clientRef and refuses it with another body', async () => {
    const market = await x.market();
    const alice = await x.player();
    const body = betOn(market, 'BACK', 2, '100', { clientRef: 'ref-1' });
    const first = await x.place(alice.auth, body);
    const again = await x.place(alice.auth, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().bet.id).toBe(first.json().bet.id);
    const other = await x.place(alice.auth, { ...body, stake: '200' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await x.bets(alice.auth)).toHaveLength(1);
  });

  it('refuses bad bets with their codes and moves nothing', async () => {
    const market = await x.market();
    const alice = await x.player('150.00');
    const cases: [object, number, string][] = [
      [{ price: 2.03 }, 400, 'PRICE_NOT_ON_LADDER'],
      [{ price: Number.NaN }, 400, 'INVALID_REQUEST'],
      [{ price: 0.5 }, 400, 'PRICE_NOT_ON_LADDER'],
      [{ stake: '50' }, 422, 'STAKE_TOO_SMALL'],
      [{ stake: '-5' }, 422, 'STAKE_TOO_SMALL'],
      [{ stake: '99999999' }, 422, 'STAKE_TOO_LARGE'],
      [{ side: 'LAY', price: 3 }, 422, 'INSUFFICIENT_FUNDS'],
      [{ runnerId: 'nope' }, 404, 'UNKNOWN_RUNNER'],
      [{ marketId: 'no-such-market/match-odds' }, 404, 'UNKNOWN_MARKET'],
    ];
    for (const [change, status, code] of cases) {
      const answer = await x.place(alice.auth, betOn(market, 'BACK', 2, '100', change));
      expect([answer.statusCode, answer.json().code], JSON.stringify(change)).toEqual([status, code]);
    }
    expect(await x.balance(alice.auth)).toEqual({ balance: '150.00', exposure: '0.00' });
    expect(await x.bets(alice.auth)).toHaveLength(0);
  });

  it('never overdraws a player sending 50 bets at once', async () => {
    const market = await x.market();
    const alice = await x.player('1500.00');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => x.place(alice.auth, betOn(market, 'BACK', 2, '100'))),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 201);
    expect(accepted).toHaveLength(15);
    expect(answers.filter((answer) => answer.json().code === 'INSUFFICIENT_FUNDS')).toHaveLength(35);
    expect(await x.balance(alice.auth)).toEqual({ balance: '0.00', exposure: '1500.00' });
  });
});

describe('the off', () => {
  it('lapses unmatched LAPSE bets and keeps PERSIST ones, releasing the lapsed exposure', async () => {
    const market = await x.market();
    const alice = await x.player();
    const lapse = await x.place(alice.auth, betOn(market, 'BACK', 3, '100'));
    const persist = await x.place(alice.auth, betOn(market, 'BACK', 4, '100', { persistence: 'PERSIST' }));
    expect(await x.balance(alice.auth)).toEqual({ balance: '800.00', exposure: '200.00' });
    await ctx.deps.db.query('UPDATE markets SET in_play = true, bet_delay_sec = 0 WHERE id = $1', [
      market.id,
    ]);
    await ctx.deps.exchange.run(market.id, { type: 'sync' });
    await ctx.deps.exchange.idle();
    const bets = await x.bets(alice.auth);
    expect(bets.find((bet) => bet.id === lapse.json().bet.id)?.status).toBe('LAPSED');
    expect(bets.find((bet) => bet.id === persist.json().bet.id)?.status).toBe('UNMATCHED');
    expect(await x.balance(alice.auth)).toEqual({ balance: '900.00', exposure: '100.00' });
  });
});

describe('settlement', () => {
  it('pays the winner less commission, records the loser, writes statement rows, and settles once', async () => {
    const { market, alice, bob } = await matchedPair(2, '100');
    const [home] = market.runners;
    const settled = await x.settle(market.id, home!.id);
    expect(settled.statusCode).toBe(200);
    expect(settled.json().status).toBe('SETTLED');
    // Alice wins 100 at evens, less 2% commission: 1,098.00. Bob loses his 100 liability.
    expect(await x.balance(alice.auth)).toEqual({ balance: '1098.00', exposure: '0.00' });
    expect(await x.balance(bob.auth)).toEqual({ balance: '900.00', exposure: '0.00' });
    const [aliceBet] = await x.bets(alice.auth, '?status=settled');
    expect(aliceBet).toMatchObject({ status: 'SETTLED', profit: '100.00' });
    const again = await x.settle(market.id, home!.id);
    expect(again.statusCode).toBeLessThan(500);
    expect(await x.balance(alice.auth)).toEqual({ balance: '1098.00', exposure: '0.00' });
    const today = new Date().toISOString().slice(0, 10);
    const statement = await x.admin_(
      'GET',
      `/api/reports/statement?from=${today}&to=${today}&pageSize=50`,
      alice.auth,
    );
    const remarks = statement.json().items.map((row: { remark: string }) => row.remark);
    expect(remarks.some((remark: string) => remark.includes('Match Odds: won'))).toBe(true);
  });

  it('refunds everything when the operator voids the market', async () => {
    const { market, alice, bob } = await matchedPair(4, '100');
    const voided = await x.admin_(
      'POST',
      `/api/admin/markets/${encodeURIComponent(market.id)}/void`,
      x.admin,
      { reason: 'The match was abandoned.' },
    );
    expect(voided.json().status).toBe('VOID');
    expect(await x.balance(alice.auth)).toEqual({ balance: '1000.00', exposure: '0.00' });
    expect(await x.balance(bob.auth)).toEqual({ balance: '1000.00', exposure: '0.00' });
  });
});
