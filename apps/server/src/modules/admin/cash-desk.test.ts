import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDeskClient, type CashDeskClient } from '../../test/cash-desk-client.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let admin: Record<string, string>;
let playerId: string;
let desk: CashDeskClient;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  desk = cashDeskClient(ctx, admin);
  playerId = await desk.createPlayer('desk@test.local');
});
afterAll(() => ctx.close());

describe('deposit and withdraw', () => {
  it('moves money and answers the new balance as decimal strings', async () => {
    const credited = await desk.deposit(playerId, { amount: 1500, remark: 'Cash in' });
    expect(credited.statusCode).toBe(200);
    expect(credited.json()).toMatchObject({ balance: '1500.00', exposure: '0.00', replayed: false });
    const debited = await desk.withdraw(playerId, { amount: '499.99', remark: 'Cash out' });
    expect(debited.json()).toMatchObject({ balance: '1000.01', exposure: '0.00' });
  });

  it.each([
    ['negative', -5, 'Amount must be greater than zero.'],
    ['zero', '0.00', 'Amount must be greater than zero.'],
    ['three decimals', '10.001', 'Amount can have at most 2 decimal places.'],
    ['non-numeric', 'ten', 'Amount must be a number such as 1500 or 1500.50.'],
    ['exponent', '1e3', 'Amount must be a number such as 1500 or 1500.50.'],
    ['above the limit', '10000000.01', 'Amount must not exceed 10000000.00.'],
    ['a boolean', true, 'Invalid amount'],
  ])('answers 400 for a %s amount', async (_label, amount, message) => {
    for (const call of [desk.deposit, desk.withdraw]) {
      const response = await call(playerId, { amount, remark: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it('answers 400 for a non-uuid id and 404 for an unknown player or a non-player', async () => {
    const malformed = await desk.deposit('not-a-uuid', { amount: '1' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/player id/);
    const unknown = await desk.deposit('00000000-0000-4000-8000-000000000000', { amount: '1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Player not found.', code: 'UNKNOWN_ACCOUNT' });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: admin });
    const operator = await desk.withdraw(me.json().user.id, { amount: '1' });
    expect(operator.statusCode).toBe(404);
  });

  it('answers 422 with the ledger message when the balance does not cover a withdrawal', async () => {
    const response = await desk.withdraw(playerId, { amount: '1000000' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Insufficient balance.', code: 'INSUFFICIENT_FUNDS' });
  });

  it('honours Idempotency-Key: a repeat answers the first result, a different body is 409', async () => {
    const headers = { ...admin, 'idempotency-key': 'till-42' };
    const first = await desk.deposit(playerId, { amount: '5', remark: 'tip' }, headers);
    const again = await desk.deposit(playerId, { amount: '5', remark: 'tip' }, headers);
    expect(again.json()).toMatchObject({ transferId: first.json().transferId, replayed: true });
    expect(again.json().balance).toBe(first.json().balance);
    const changed = await desk.deposit(playerId, { amount: '6', remark: 'tip' }, headers);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('DUPLICATE_KEY_DIFFERENT_BODY');
    const bad = await desk.deposit(playerId, { amount: '5' }, { ...admin, 'idempotency-key': 'has space' });
    expect(bad.statusCode).toBe(400);
  });

  it('lets exactly one of 50 simultaneous withdrawals of the whole balance succeed', async () => {
    const created = await desk.post('/api/admin/players', {
      email: 'race@test.local',
      password: 'secret1',
      name: 'Race',
      openingCredit: '100',
    });
    const id = created.json().player.id;
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => desk.withdraw(id, { amount: '100' })),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(49);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/players?search=race@',
      headers: admin,
    });
    expect(list.json().items[0].balance).toBe('0.00');
  });
});
