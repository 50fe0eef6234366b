import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDeskClient, type CashDeskClient } from '../../test/cash-desk-client.ts';
import { createOperatorMarket, type OperatorMarket } from '../../test/operator-market.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';

/** A bet lock stops staking and nothing else (docs/decisions/0240). */

type Headers = Record<string, string>;
let ctx: TestContext;
let admin: Headers;
let desk: CashDeskClient;
let market: OperatorMarket;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  desk = cashDeskClient(ctx, admin);
  market = await createOperatorMarket(ctx, admin);
});
afterAll(() => ctx.close());

const back = (headers: Headers) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/bets',
    headers,
    payload: {
      marketId: market.id,
      runnerId: market.runners[0]!.id,
      side: 'BACK',
      price: 3,
      stake: '100',
      persistence: 'PERSIST',
      clientRef: randomUUID(),
    },
  });

describe('POST /api/admin/players/:id/bet-lock', () => {
  it('refuses stakes with BET_LOCKED while the player signs in and withdraws, until unlocked', async () => {
    const email = `locked-${randomUUID().slice(0, 8)}@test.local`;
    const id = await desk.createPlayer(email);
    await desk.deposit(id, { amount: '500', remark: 'test' });
    const headers = bearer(await loginAs(ctx.app, email, 'secret1'));
    const locked = await desk.post(`/api/admin/players/${id}/bet-lock`, { locked: true });
    expect(locked.json().player).toMatchObject({ id, betLocked: true, status: 'active' });

    const refused = await back(headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'BET_LOCKED',
      message: 'Betting is locked on your account. Please contact support.',
    });
    expect((await desk.withdraw(id, { amount: '100', remark: 'still allowed' })).statusCode).toBe(200);
    expect(await loginAs(ctx.app, email, 'secret1')).toBeTruthy();

    await desk.post(`/api/admin/players/${id}/bet-lock`, { locked: false });
    expect((await back(headers)).statusCode).toBe(201);
    const audit = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=player%20bet%20lock',
      headers: admin,
    });
    expect(audit.json().items.map((item: { after: object }) => item.after)).toEqual([
      { betLocked: false },
      { betLocked: true },
    ]);
    for (const payload of [{}, { locked: 'yes' }, { locked: true, extra: 1 }])
      expect((await desk.post(`/api/admin/players/${id}/bet-lock`, payload)).statusCode).toBe(400);
    expect(
      (await desk.post(`/api/admin/players/${randomUUID()}/bet-lock`, { locked: true })).statusCode,
    ).toBe(404);
  });
});
