import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../seed.ts';
import { cashDeskClient, type CashDeskClient } from '../../test/cash-desk-client.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let admin: Record<string, string>;
let playerToken: string;
let playerId: string;
let desk: CashDeskClient;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  playerToken = await loginAs(ctx.app, DEMO_PLAYER.email, DEMO_PLAYER.password);
  desk = cashDeskClient(ctx, admin);
  playerId = await desk.createPlayer('desk@test.local');
});
afterAll(() => ctx.close());

describe('operator-only access', () => {
  it('answers 403 to a player and 401 without a token on every admin route', async () => {
    const player = bearer(playerToken);
    const calls = [
      ctx.app.inject({ method: 'GET', url: '/api/admin/players', headers: player }),
      desk.post('/api/admin/players', { email: 'x@test.local', password: 'secret1', name: 'X' }, player),
      desk.deposit(playerId, { amount: '10' }, player),
      desk.withdraw(playerId, { amount: 'junk' }, player),
      desk.post(`/api/admin/players/${playerId}/status`, { status: 'suspended' }, player),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Only the operator may do this.', code: 'FORBIDDEN' });
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/admin/players' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/admin/players', () => {
  it('creates a player with an opening credit who can then sign in', async () => {
    const response = await desk.post('/api/admin/players', {
      email: 'New.Player@Test.local',
      password: 'secret1',
      name: ' New Player ',
      openingCredit: '250.5',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().player).toMatchObject({
      email: 'new.player@test.local',
      name: 'New Player',
      status: 'active',
      isDemo: false,
      balance: '250.50',
      exposure: '0.00',
    });
    await loginAs(ctx.app, 'new.player@test.local', 'secret1');
  });

  it('refuses a taken email (409) and bad fields (400) without writing anything', async () => {
    const taken = await desk.post('/api/admin/players', {
      email: DEMO_PLAYER.email,
      password: 'secret1',
      name: 'Dup',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    const shortPassword = await desk.post('/api/admin/players', {
      email: 'a@test.local',
      password: '123',
      name: 'A',
    });
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json().message).toMatch(/at least 6/);
    const badCredit = await desk.post('/api/admin/players', {
      email: 'credit@test.local',
      password: 'secret1',
      name: 'C',
      openingCredit: '1.234',
    });
    expect(badCredit.statusCode).toBe(400);
    expect(badCredit.json().message).toBe('Amount can have at most 2 decimal places.');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/players?search=credit@',
      headers: admin,
    });
    expect(list.json().total).toBe(0);
  });
});

describe('status and listing', () => {
  it('suspending revokes existing tokens and blocks sign-in; reactivating allows it again', async () => {
    const token = await loginAs(ctx.app, 'desk@test.local', 'secret1');
    const suspended = await desk.post(`/api/admin/players/${playerId}/status`, { status: 'suspended' });
    expect(suspended.json().player.status).toBe('suspended');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    await expect(loginAs(ctx.app, 'desk@test.local', 'secret1')).rejects.toThrow(/401/);
    // The operator can still move a suspended player's funds.
    expect((await desk.deposit(playerId, { amount: '0.01' })).statusCode).toBe(200);
    expect((await desk.withdraw(playerId, { amount: '0.01' })).statusCode).toBe(200);
    await desk.post(`/api/admin/players/${playerId}/status`, { status: 'active' });
    await loginAs(ctx.app, 'desk@test.local', 'secret1');
    const bad = await desk.post(`/api/admin/players/${playerId}/status`, { status: 'closed' });
    expect(bad.statusCode).toBe(400);
    const unknown = await desk.post('/api/admin/players/00000000-0000-4000-8000-000000000000/status', {
      status: 'active',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists players with balances, paginated and searchable; page sizes are 10, 20 or 50', async () => {
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/players?pageSize=10&page=1',
      headers: admin,
    });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ page: 1, pageSize: 10 });
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.items.every((p: { balance: string }) => /^\d+\.\d{2}$/.test(p.balance))).toBe(true);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/players?pageSize=15',
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/10, 20 or 50/);
  });

  it('funds a demo player with 1,500.00 through the ledger', async () => {
    const demo = await ctx.app.inject({ method: 'POST', url: '/api/demoLogin' });
    const userId = demo.json().user.id;
    const balances = await ctx.deps.wallet.balances(userId);
    expect(balances).toMatchObject({ cashMinor: 150_000n, exposureMinor: 0n });
    const seeded = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/players?search=${DEMO_PLAYER.email}`,
      headers: admin,
    });
    expect(seeded.json().items[0]).toMatchObject({ email: DEMO_PLAYER.email, balance: '1500.00' });
  });
});
