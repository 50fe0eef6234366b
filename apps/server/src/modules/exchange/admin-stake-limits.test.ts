import { marketSchema } from '@backlay/contracts';
import { describe, expect, it } from 'vitest';
import { loadMarketUnit } from './market-load.ts';
import { exchangeTestApp } from './testing/exchange-test-app.ts';

const app = exchangeTestApp();

type Market = Awaited<ReturnType<typeof app.x.market>>;

const backFirst = (market: Market, stake: string) => ({
  marketId: market.id,
  runnerId: market.runners[0]!.id,
  side: 'BACK',
  price: 2,
  stake,
});
const patch = (marketId: string, body: object, headers = app.x.admin) =>
  app.x.admin_('PATCH', `/api/admin/markets/${marketId}`, headers, body);
const answerOf = (response: Awaited<ReturnType<typeof patch>>) => {
  const { code, message } = response.json<{ code?: string; message?: string }>();
  return { status: response.statusCode, code, message };
};

describe('stake limits per market', () => {
  it('creates a market with the exchange terms unless the operator gives its own', async () => {
    const plain = await app.x.market();
    expect(marketSchema.parse(await app.x.marketView(plain.id))).toMatchObject({
      minStake: '100.00',
      maxStake: '500000.00',
    });
    const own = await app.x.market(['Yes', 'No'], false, { minStake: '250', maxStake: 1000.5 });
    expect(own).toMatchObject({ minStake: '250.00', maxStake: '1000.50' });
    const alice = await app.x.player();
    const below = await app.x.place(alice.auth, backFirst(own, '249.99'));
    expect(answerOf(below)).toEqual({
      status: 422,
      code: 'STAKE_TOO_SMALL',
      message: 'The minimum stake on Match Odds is 250.00.',
    });
    expect((await app.x.place(alice.auth, backFirst(own, '250'))).statusCode).toBe(201);
  });

  it('changes the limits of a live market and bets meet them at once', async () => {
    const market = await app.x.market();
    const alice = await app.x.player('5000.00');
    expect((await app.x.place(alice.auth, backFirst(market, '100'))).statusCode).toBe(201);
    const before = marketSchema.parse(await app.x.marketView(market.id));
    const changed = await patch(market.id, { minStake: '500', maxStake: '2000' });
    expect(changed.statusCode).toBe(200);
    expect(marketSchema.parse(changed.json())).toMatchObject({ minStake: '500.00', maxStake: '2000.00' });
    expect(changed.json().version).toBeGreaterThan(before.version);
    expect(answerOf(await app.x.place(alice.auth, backFirst(market, '100')))).toEqual({
      status: 422,
      code: 'STAKE_TOO_SMALL',
      message: 'The minimum stake on Match Odds is 500.00.',
    });
    expect(answerOf(await app.x.place(alice.auth, backFirst(market, '2000.01')))).toEqual({
      status: 422,
      code: 'STAKE_TOO_LARGE',
      message: 'The maximum stake on Match Odds is 2000.00.',
    });
    expect((await app.x.place(alice.auth, backFirst(market, '2000'))).statusCode).toBe(201);
    // One limit alone keeps the other.
    const lower = await patch(market.id, { minStake: '10' });
    expect(lower.json()).toMatchObject({ minStake: '10.00', maxStake: '2000.00' });
    expect((await app.x.place(alice.auth, backFirst(market, '10'))).statusCode).toBe(201);
    expect(await app.x.marketView(market.id)).toMatchObject({ minStake: '10.00', maxStake: '2000.00' });
  });

  it('keeps the limits in the market row, where a rebuilt market finds them', async () => {
    const market = await app.x.market();
    await patch(market.id, { maxStake: '300' });
    const rebuilt = await loadMarketUnit(app.ctx.deps.db, market.id);
    expect(rebuilt?.info).toMatchObject({ minStakeMinor: 10_000n, maxStakeMinor: 30_000n });
  });

  it('refuses limits that make no range, with a message, and changes nothing', async () => {
    const market = await app.x.market();
    const cases: [object, string][] = [
      [{}, 'Send minStake, maxStake or both.'],
      [{ minStake: '0' }, 'minStake: Amount must be greater than zero.'],
      [{ minStake: '0.001' }, 'minStake: Amount can have at most 2 decimal places.'],
      [{ maxStake: 'lots' }, 'maxStake: Amount must be a number such as 1500 or 1500.50.'],
      [{ maxStake: '1000000000.01' }, 'maxStake: Amount must not exceed 1000000000.00.'],
      [{ minStake: '600000' }, 'The minimum stake (600000.00) must not be above the maximum (500000.00).'],
      [
        { minStake: '200', maxStake: '199.99' },
        'The minimum stake (200.00) must not be above the maximum (199.99).',
      ],
    ];
    for (const [body, message] of cases) {
      expect(answerOf(await patch(market.id, body)), JSON.stringify(body)).toEqual({
        status: 400,
        code: 'INVALID_STAKE_LIMITS',
        message,
      });
    }
    expect((await patch(market.id, { minStake: '1', extra: true })).statusCode).toBe(400);
    expect(await app.x.marketView(market.id)).toMatchObject({ minStake: '100.00', maxStake: '500000.00' });
    const created = await app.x.admin_('POST', '/api/admin/events', app.x.admin, {
      sport: 'politics',
      competition: 'Specials',
      name: 'Bad limits',
      startTime: new Date(Date.now() + 86_400_000).toISOString(),
      markets: [{ type: 'WINNER', runners: ['A', 'B'], minStake: '50', maxStake: '10' }],
    });
    expect(answerOf(created).code).toBe('INVALID_STAKE_LIMITS');
  });

  it('answers 404 for an unknown market, 409 for a closed one, and only to the operator', async () => {
    expect(answerOf(await patch('custom-0000000000.match-odds-1', { minStake: '1' }))).toMatchObject({
      status: 404,
      code: 'UNKNOWN_MARKET',
    });
    const market = await app.x.market();
    const alice = await app.x.player();
    expect((await patch(market.id, { minStake: '1' }, alice.auth)).statusCode).toBe(403);
    await app.x.admin_('POST', `/api/admin/markets/${market.id}/void`, app.x.admin, { reason: 'Test over.' });
    expect(answerOf(await patch(market.id, { minStake: '1' }))).toMatchObject({
      status: 409,
      code: 'MARKET_CLOSED',
    });
  });
});
