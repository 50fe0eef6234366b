import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFailedSignIn, SIGN_INS_KEPT } from '../auth/index.ts';
import { cashDeskClient, type CashDeskClient } from '../../test/cash-desk-client.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: Record<string, string>;
let desk: CashDeskClient;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  desk = cashDeskClient(ctx, owner);
});
afterAll(() => ctx.close());

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@test.local`;

/** A sign-in as a browser at `address` makes it. */
const signIn = (email: string, password: string, address: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/loginUser',
    remoteAddress: address,
    headers: { 'user-agent': `  Browser/1.0 ${'x'.repeat(300)}` },
    payload: { email, password },
  });

const get = (url: string, headers = owner) => ctx.app.inject({ method: 'GET', url, headers });

describe('sign-in history', () => {
  it('records good and bad passwords and refusals of an account, with address and browser', async () => {
    const email = unique('history');
    const id = await desk.createPlayer(email);
    expect((await signIn(email, 'wrong-password', '198.51.100.1')).statusCode).toBe(401);
    expect((await signIn(email, 'secret1', '::ffff:198.51.100.2')).statusCode).toBe(200);
    await desk.post(`/api/admin/players/${id}/status`, { status: 'suspended' });
    expect((await signIn(email, 'secret1', '198.51.100.3')).statusCode).toBe(401);
    expect((await signIn(unique('nobody'), 'secret1', '198.51.100.4')).statusCode).toBe(401);

    const detail = (await get(`/api/admin/players/${id}`)).json();
    expect(detail.signIns).toEqual([
      expect.objectContaining({ address: '198.51.100.3', outcome: 'refused', code: 'SUSPENDED' }),
      expect.objectContaining({ address: '198.51.100.2', outcome: 'ok', code: null }),
      expect.objectContaining({ address: '198.51.100.1', outcome: 'bad_password', code: null }),
    ]);
    expect(detail.signIns[0].userAgent).toMatch(/^Browser\/1\.0 x+$/);
    expect(detail.signIns[0].userAgent).toHaveLength(200);
    const unknown = await ctx.deps.db.query("SELECT 1 FROM sign_ins WHERE address = '198.51.100.4'");
    expect(unknown).toHaveLength(0);
  });

  it('records the attempt that reaches the sign-in limit once, not every refusal after it', async () => {
    const email = unique('locked');
    const id = await desk.createPlayer(email);
    const codes: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1)
      codes.push((await signIn(email, 'wrong-password', '198.51.100.9')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const { signIns } = (await get(`/api/admin/players/${id}`)).json();
    expect(signIns.map((row: { outcome: string; code: string | null }) => row.code ?? row.outcome)).toEqual([
      'RATE_LIMITED',
      ...Array(5).fill('bad_password'),
    ]);
  }, 60_000);

  it('keeps the newest 100 sign-ins of an account', async () => {
    const id = await desk.createPlayer(unique('many'));
    for (let n = 0; n < 105; n += 1) {
      const origin = { address: `10.0.0.${n}`, userAgent: 'script' };
      await recordFailedSignIn(ctx.deps.db, { userId: id }, origin, { outcome: 'bad_password' });
    }
    const rows = await ctx.deps.db.query<{ address: string }>(
      'SELECT address FROM sign_ins WHERE user_id = $1 ORDER BY id',
      [id],
    );
    expect(rows).toHaveLength(SIGN_INS_KEPT);
    expect(rows[0]?.address).toBe('10.0.0.5');
    expect(rows.at(-1)?.address).toBe('10.0.0.104');
  });
});

describe('GET /api/admin/players/:id', () => {
  it('shows the account, its money, protection, live sessions and latest 20 sign-ins', async () => {
    const email = unique('page');
    const id = await desk.createPlayer(email);
    await desk.deposit(id, { amount: '300', remark: 'test' });
    const token = await loginAs(ctx.app, email, 'secret1');
    const limit = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/limits/deposit/day',
      headers: bearer(token),
      payload: { amount: '500' },
    });
    expect(limit.statusCode).toBe(200);
    await desk.deposit(id, { amount: '120.50', remark: 'after the limit' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/me/time-out',
      headers: bearer(token),
      payload: { days: 1 },
    });
    for (let n = 0; n < 18; n += 1) {
      const origin = { address: `192.0.2.${n}`, userAgent: 'script' };
      await recordFailedSignIn(ctx.deps.db, { userId: id }, origin, { outcome: 'bad_password' });
    }
    for (const n of [18, 19, 20, 21]) await signIn(email, n === 18 ? 'wrong' : 'secret1', `192.0.2.${n}`);

    const response = await get(`/api/admin/players/${id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.player).toMatchObject({ id, email, status: 'active', betLocked: false, maxStake: null });
    expect(detail.player.staffRole).toBeUndefined();
    expect(detail).toMatchObject({ balance: '420.50', exposure: '0.00' });
    expect(detail.protection.limits).toContainEqual(
      expect.objectContaining({
        kind: 'deposit',
        period: 'day',
        amount: '500.00',
        used: '420.50',
        remaining: '79.50',
      }),
    );
    expect(detail.protection.timedOutUntil).toEqual(expect.any(String));
    expect(detail.protection.excludedUntil).toBeNull();
    expect(detail.protection).toMatchObject({ realityCheckMinutes: 60, sessionMinutes: null });
    expect(detail.signIns).toHaveLength(20);
    expect(detail.signIns[0]).toMatchObject({ address: '192.0.2.21' });
    // A time-out refuses nothing at sign-in, so every good password opened a session.
    expect(detail.sessions).toHaveLength(4);
    expect(detail.sessions[0]).toMatchObject({ id: expect.stringMatching(/^\d+$/), address: '192.0.2.21' });
    expect(JSON.stringify(detail.sessions)).not.toContain(token);
  }, 60_000);

  it('shows a staff account with its role; 404 for an unknown id, 400 for a malformed one', async () => {
    const me = (await get('/api/me')).json().user;
    const staff = (await get(`/api/admin/players/${me.id}`)).json();
    expect(staff.player).toMatchObject({ email: TEST_ADMIN.email, staffRole: 'owner' });
    const unknown = await get(`/api/admin/players/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('PLAYER_NOT_FOUND');
    expect((await get('/api/admin/players/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/players/:id: trading API access', () => {
  const asPlayer = (token: string, method: 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const apiAccessOf = async (id: string) => (await get(`/api/admin/players/${id}`)).json().apiAccess;

  it('shows whether the API is on and counts live keys only, kept while access is off', async () => {
    const email = unique('api');
    const id = await desk.createPlayer(email);
    expect(await apiAccessOf(id)).toEqual({ enabled: true, liveKeys: 0 });
    const token = await loginAs(ctx.app, email, 'secret1');
    const keys: string[] = [];
    for (const name of ['bot one', 'bot two', 'bot three']) {
      const made = await asPlayer(token, 'POST', '/api/me/app-keys', { name });
      expect(made.statusCode).toBe(201);
      keys.push(made.json().appKey);
    }
    expect((await asPlayer(token, 'DELETE', `/api/me/app-keys/${keys[0]}`)).statusCode).toBe(204);
    expect(await apiAccessOf(id)).toEqual({ enabled: true, liveKeys: 2 });

    const url = `/api/admin/players/${id}/api-access`;
    expect((await desk.post(url, { enabled: false, reason: 'scraping' })).statusCode).toBe(200);
    expect(await apiAccessOf(id)).toEqual({ enabled: false, liveKeys: 2 });
    expect((await desk.post(url, { enabled: true, reason: 'agreed limits' })).statusCode).toBe(200);
    expect(await apiAccessOf(id)).toEqual({ enabled: true, liveKeys: 2 });
  });

  it("does not count another player's keys", async () => {
    const email = unique('api-other');
    await desk.createPlayer(email);
    const token = await loginAs(ctx.app, email, 'secret1');
    expect((await asPlayer(token, 'POST', '/api/me/app-keys', { name: 'theirs' })).statusCode).toBe(201);
    const id = await desk.createPlayer(unique('api-none'));
    expect(await apiAccessOf(id)).toEqual({ enabled: true, liveKeys: 0 });
  });
});

describe('GET /api/admin/players/:id/statement', () => {
  it('pages the statement by cursor, every movement once, newest first', async () => {
    const id = await desk.createPlayer(unique('statement'));
    for (const amount of ['1', '2', '3', '4', '5']) await desk.deposit(id, { amount, remark: `d${amount}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `limit=2&cursor=${cursor}` : 'limit=2';
      const page = await get(`/api/admin/players/${id}/statement?${query}`);
      expect(page.statusCode).toBe(200);
      expect(page.json().total).toBe(5);
      seen.push(...page.json().items.map((row: { remark: string }) => row.remark));
      cursor = page.json().next;
      // Movements after the first page do not shift the pages that follow.
      await desk.deposit(id, { amount: '9', remark: 'later' });
    } while (cursor);
    expect(seen).toEqual(['d5', 'd4', 'd3', 'd2', 'd1']);
  });

  it('answers 400 for a bad cursor or limit and 404 for an unknown player', async () => {
    const id = await desk.createPlayer(unique('statement-bad'));
    for (const query of ['cursor=abc', 'cursor=1.0.10', 'cursor=1.1.500', 'limit=0', 'limit=201'])
      expect((await get(`/api/admin/players/${id}/statement?${query}`)).statusCode, query).toBe(400);
    expect((await get(`/api/admin/players/${randomUUID()}/statement`)).statusCode).toBe(404);
  });
});

describe('GET /api/admin/players: search and cursor', () => {
  it('finds a player by an address they signed in from (exactly), by id, email and name', async () => {
    const email = unique('searched');
    const id = await desk.createPlayer(email);
    expect((await signIn(email, 'secret1', '203.0.113.77')).statusCode).toBe(200);
    const emails = async (search: string) =>
      (await get(`/api/admin/players?search=${encodeURIComponent(search)}`))
        .json()
        .items.map((player: { email: string }) => player.email);
    expect(await emails('203.0.113.77')).toEqual([email]);
    expect(await emails('203.0.113.7')).toEqual([]);
    expect(await emails(id.toUpperCase())).toEqual([email]);
    expect(await emails(email.slice(0, 14))).toEqual([email]);
  });

  it('walks every player exactly once by cursor, as many as the total', async () => {
    for (let n = 0; n < 12; n += 1) await desk.createPlayer(unique('walk'));
    const first = (await get('/api/admin/players?pageSize=10')).json();
    expect(first.next).toEqual(expect.any(String));
    const ids: string[] = first.items.map((player: { id: string }) => player.id);
    let cursor: string | null = first.next;
    while (cursor) {
      const page = await get(`/api/admin/players?limit=7&cursor=${cursor}`);
      expect(page.statusCode).toBe(200);
      ids.push(...page.json().items.map((player: { id: string }) => player.id));
      cursor = page.json().next;
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(first.total);
    const byPage = (await get(`/api/admin/players?page=2&pageSize=10`)).json();
    expect(byPage.items.map((player: { id: string }) => player.id)).toEqual(ids.slice(10, 20));
    for (const query of ['cursor=nope', 'limit=500', `cursor=1_${randomUUID()}x`])
      expect((await get(`/api/admin/players?${query}`)).statusCode, query).toBe(400);
  }, 60_000);
});

describe("support's cash desk limit per operation", () => {
  let support: Record<string, string>;
  beforeAll(async () => {
    const email = unique('support');
    const created = await desk.post('/api/admin/staff', {
      email,
      password: 'staff-password',
      name: 'Support',
      role: 'support',
    });
    expect(created.statusCode).toBe(201);
    support = bearer(await loginAs(ctx.app, email, 'staff-password'));
  });

  it('refuses support above 5,000.00 with nothing moved or audited; the owner has no such limit', async () => {
    const id = await desk.createPlayer(unique('limit'));
    await desk.deposit(id, { amount: '8000', remark: 'owner' });
    const auditBefore = (await get('/api/admin/audit?limit=200')).json().items.length;
    for (const call of [desk.deposit, desk.withdraw]) {
      const refused = await call(id, { amount: '5000.01', remark: 'too much' }, support);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'ABOVE_ROLE_LIMIT',
        message: 'Support may move at most 5000.00 in one operation; ask the owner for more.',
      });
    }
    const opening = await desk.post(
      '/api/admin/players',
      { email: unique('opening'), password: 'secret1', name: 'O', openingCredit: '6000' },
      support,
    );
    expect(opening.statusCode).toBe(403);
    expect((await get(`/api/admin/players/${id}`)).json().balance).toBe('8000.00');
    expect((await get('/api/admin/audit?limit=200')).json().items.length).toBe(auditBefore);

    expect((await desk.withdraw(id, { amount: '5000.00', remark: 'at the limit' }, support)).statusCode).toBe(
      200,
    );
    expect((await desk.deposit(id, { amount: '9000', remark: 'owner' })).statusCode).toBe(200);
    expect((await get(`/api/admin/players/${id}`)).json().balance).toBe('12000.00');
  });
});
