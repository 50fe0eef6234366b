import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDeskClient, type CashDeskClient } from '../../test/cash-desk-client.ts';
import { createOperatorMarket } from '../../test/operator-market.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';

/** The position book of a market: the players' result if each runner wins (docs/decisions/0238). */

type Headers = Record<string, string>;
let ctx: TestContext;
let admin: Headers;
let desk: CashDeskClient;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  desk = cashDeskClient(ctx, admin);
});
afterAll(() => ctx.close());

async function player() {
  const email = `book-${randomUUID().slice(0, 8)}@test.local`;
  const id = await desk.createPlayer(email);
  await desk.deposit(id, { amount: '1000', remark: 'test' });
  return { id, email, headers: bearer(await loginAs(ctx.app, email, 'secret1')) };
}

const bet = (
  headers: Headers,
  marketId: string,
  runnerId: string,
  side: 'BACK' | 'LAY',
  price: number,
  stake: string,
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/bets',
    headers,
    payload: { marketId, runnerId, side, price, stake, persistence: 'PERSIST', clientRef: randomUUID() },
  });

describe('GET /api/admin/markets/:id/positions', () => {
  it("shows each player's result if each runner wins, matched bets only, and the totals", async () => {
    const market = await createOperatorMarket(ctx, admin);
    const [home, away] = market.runners.map((runner) => runner.id) as [string, string];
    const [alice, bob, carol] = [await player(), await player(), await player()];
    expect((await bet(alice.headers, market.id, home, 'BACK', 3, '100')).statusCode).toBe(201);
    expect((await bet(bob.headers, market.id, home, 'LAY', 3, '150')).statusCode).toBe(201);
    // Unmatched: Bob's remaining lay offers 3.00 only, Carol asks 5.00.
    expect((await bet(carol.headers, market.id, away, 'BACK', 5, '100')).statusCode).toBe(201);
    await ctx.deps.exchange.idle();

    const url = `/api/admin/markets/${encodeURIComponent(market.id)}/positions`;
    const book = (await ctx.app.inject({ method: 'GET', url, headers: admin })).json();
    expect(book.runners).toEqual([
      { id: home, name: 'Home', ifWins: '0.00' },
      { id: away, name: 'Away', ifWins: '0.00' },
    ]);
    expect(book.players).toEqual([
      { playerId: bob.id, email: bob.email, ifWins: { [home]: '-200.00', [away]: '100.00' } },
      { playerId: alice.id, email: alice.email, ifWins: { [home]: '200.00', [away]: '-100.00' } },
    ]);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/markets/nope.match-odds/positions',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
