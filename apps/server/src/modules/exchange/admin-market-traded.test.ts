import { randomUUID } from 'node:crypto';
import type { AdminMarketDetail } from '@backlay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDeskClient } from '../../test/cash-desk-client.ts';
import { createOperatorMarket, type OperatorMarket } from '../../test/operator-market.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';

/** A console market's traded volume per runner by price, from the exchange's standing fills. */

type Headers = Record<string, string>;
let ctx: TestContext;
let admin: Headers;
let market: OperatorMarket;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  market = await createOperatorMarket(ctx, admin, { minStake: '1' });
});
afterAll(() => ctx.close());

async function newPlayer(): Promise<Headers> {
  const email = `traded-${randomUUID().slice(0, 8)}@test.local`;
  const desk = cashDeskClient(ctx, admin);
  await desk.deposit(await desk.createPlayer(email), { amount: '1000', remark: 'test' });
  return bearer(await loginAs(ctx.app, email, 'secret1'));
}

async function bet(player: Headers, side: 'BACK' | 'LAY', price: number, stake: string) {
  const placed = await ctx.app.inject({
    method: 'POST',
    url: '/api/bets',
    headers: player,
    payload: {
      marketId: market.id,
      runnerId: market.runners[1]!.id,
      side,
      price,
      stake,
      persistence: 'PERSIST',
      clientRef: randomUUID(),
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
}

describe('GET /api/admin/markets/:id traded volume', () => {
  it('answers each runner its matched volume by price, lowest price first', async () => {
    const [backer, layer] = [await newPlayer(), await newPlayer()];
    await bet(layer, 'LAY', 3, '50');
    await bet(backer, 'BACK', 3, '50');
    await bet(layer, 'LAY', 2, '100');
    await bet(backer, 'BACK', 2, '100');
    await bet(backer, 'BACK', 4, '10'); // unmatched: nothing traded
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/markets/${encodeURIComponent(market.id)}`,
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const runners = response.json<AdminMarketDetail>().runners;
    expect(runners.map((runner) => runner.traded)).toEqual([
      [],
      [
        { price: '2.00', size: '100.00' },
        { price: '3.00', size: '50.00' },
      ],
    ]);
  });
});
