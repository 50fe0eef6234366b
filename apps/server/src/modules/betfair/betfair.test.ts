import { MAX_APP_KEYS } from '@backlay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../seed.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { KeyRing } from './app-keys/key-ring.ts';

let ctx: TestContext;
let player: Record<string, string>;
let admin: Record<string, string>;
let playerId: string;

beforeAll(async () => {
  ctx = await startTestApp();
  player = bearer(await loginAs(ctx.app, DEMO_PLAYER.email, DEMO_PLAYER.password));
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: player });
  playerId = me.json<{ user: { id: string } }>().user.id;
});
afterAll(() => ctx.close());

async function createKey(headers: Record<string, string>, name = 'bot') {
  return ctx.app.inject({ method: 'POST', url: '/api/me/app-keys', headers, payload: { name } });
}

async function identity(path: string, headers: Record<string, string>, form = '') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/betfair/identity/${path}`,
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: form,
  });
  expect(response.statusCode).toBe(200);
  return response.json<Record<string, string>>();
}

const loginForm = (email: string, password: string) =>
  new URLSearchParams({ username: email, password }).toString();

async function signIn(appKey: string, email = DEMO_PLAYER.email, password = DEMO_PLAYER.password) {
  return identity('login', { 'x-application': appKey }, loginForm(email, password));
}

async function rpc(api: 'betting' | 'account', headers: Record<string, string>, body: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/betfair/exchange/${api}/json-rpc/v1`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  return response.json<unknown>();
}

const call = (method: string, id = 1) =>
  JSON.stringify({ jsonrpc: '2.0', method: `AccountAPING/v1.0/${method}`, params: {}, id });
const accountError = (answer: unknown) =>
  (answer as { error: { data: { AccountAPINGException: { errorCode: string } } } }).error.data
    .AccountAPINGException.errorCode;

describe('app keys', () => {
  it('creates, lists and revokes a key', async () => {
    const created = await createKey(player, '  my bot  ');
    expect(created.statusCode).toBe(201);
    const key = created.json<{ appKey: string; name: string; createdAt: string }>();
    expect(key.appKey).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(key.name).toBe('my bot');
    expect(key.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/me/app-keys', headers: player });
    expect(listed.json<{ items: unknown[] }>().items).toContainEqual(key);
    const url = `/api/me/app-keys/${key.appKey}`;
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: player })).statusCode).toBe(204);
    const again = await ctx.app.inject({ method: 'DELETE', url, headers: player });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'APP_KEY_NOT_FOUND' });
    expect((await signIn(key.appKey)).error).toBe('INVALID_APP_KEY');
  });

  it(`holds at most ${MAX_APP_KEYS} live keys per player`, async () => {
    const made: string[] = [];
    for (let i = 0; i < MAX_APP_KEYS; i += 1) {
      const response = await createKey(player, `key ${i}`);
      expect(response.statusCode).toBe(201);
      made.push(response.json<{ appKey: string }>().appKey);
    }
    const refused = await createKey(player);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_APP_KEYS' });
    for (const appKey of made)
      await ctx.app.inject({ method: 'DELETE', url: `/api/me/app-keys/${appKey}`, headers: player });
    expect((await createKey(player)).statusCode).toBe(201);
  });

  it('are for players only, and refuse bad names', async () => {
    expect((await createKey(admin)).statusCode).toBe(403);
    expect((await createKey(player, '')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/app-keys' })).statusCode).toBe(401);
  });

  it('reach another instance over the bus', async () => {
    const other = new KeyRing(ctx.deps.db, ctx.deps.bus);
    other.start();
    await other.ready();
    try {
      const key = (await createKey(player)).json<{ appKey: string }>().appKey;
      await expect.poll(() => other.playerOf(key)).toBe(playerId);
      await ctx.app.inject({ method: 'DELETE', url: `/api/me/app-keys/${key}`, headers: player });
      await expect.poll(() => other.playerOf(key)).toBeUndefined();
    } finally {
      other.close();
    }
  });
});

it('lists the app key routes in the OpenAPI document, not the Betfair ones', async () => {
  const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  expect(Object.keys(document.paths['/api/me/app-keys'] ?? {}).sort()).toEqual(['get', 'post']);
  expect(document.paths['/api/me/app-keys/{appKey}']).toHaveProperty('delete');
  expect(Object.keys(document.paths).filter((path) => path.startsWith('/betfair'))).toEqual([]);
});

describe('identity and API-NG', () => {
  let appKey: string;
  beforeAll(async () => {
    appKey = (await createKey(player, 'identity')).json<{ appKey: string }>().appKey;
  });

  it("answers login, keepAlive and logout in Betfair's shapes", async () => {
    const login = await signIn(appKey);
    expect(Object.keys(login)).toEqual(['token', 'product', 'status', 'error']);
    expect(login).toMatchObject({ product: appKey, status: 'SUCCESS', error: '' });
    const session = { 'x-application': appKey, 'x-authentication': login.token! };
    expect(await identity('keepAlive', session)).toEqual({
      token: login.token,
      product: appKey,
      status: 'SUCCESS',
      error: '',
    });
    expect(await identity('logout', session)).toMatchObject({ status: 'SUCCESS' });
    expect(await identity('keepAlive', session)).toEqual({
      token: '',
      product: appKey,
      status: 'FAIL',
      error: 'NO_SESSION',
    });
    expect(accountError(await rpc('account', session, call('getAccountFunds')))).toBe(
      'INVALID_SESSION_INFORMATION',
    );
  });

  it('refuses a wrong password, a missing key and a key of another account', async () => {
    expect(await signIn(appKey, DEMO_PLAYER.email, 'wrong-password')).toEqual({
      token: '',
      product: appKey,
      status: 'FAIL',
      error: 'INVALID_USERNAME_OR_PASSWORD',
    });
    expect((await identity('login', {}, loginForm(DEMO_PLAYER.email, DEMO_PLAYER.password))).error).toBe(
      'INVALID_APP_KEY',
    );
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/players',
      headers: admin,
      payload: { email: 'second@test.local', password: 'second-password', name: 'Second' },
    });
    expect(created.statusCode).toBeLessThan(300);
    expect((await signIn(appKey, 'second@test.local', 'second-password')).error).toBe('INVALID_APP_KEY');
  });

  it("ends a suspended player's sessions and refuses their login as SUSPENDED", async () => {
    const email = 'suspended@test.local';
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/players',
      headers: admin,
      payload: { email, password: 'suspended-password', name: 'Soon Suspended' },
    });
    const id = created.json<{ player: { id: string } }>().player.id;
    const own = bearer(await loginAs(ctx.app, email, 'suspended-password'));
    const key = (await createKey(own)).json<{ appKey: string }>().appKey;
    const token = (await signIn(key, email, 'suspended-password')).token!;
    const session = { 'x-application': key, 'x-authentication': token };
    expect(await rpc('account', session, call('getAccountDetails'))).toMatchObject({
      result: { firstName: 'Soon', lastName: 'Suspended' },
    });
    const suspended = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/players/${id}/status`,
      headers: admin,
      payload: { status: 'suspended' },
    });
    expect(suspended.statusCode).toBe(200);
    expect(accountError(await rpc('account', session, call('getAccountFunds')))).toBe(
      'INVALID_SESSION_INFORMATION',
    );
    expect((await identity('keepAlive', session)).error).toBe('NO_SESSION');
    expect((await signIn(key, email, 'suspended-password')).error).toBe('SUSPENDED');
  });

  it('answers certlogin with CERT_AUTH_REQUIRED', async () => {
    expect(await identity('certlogin', { 'x-application': appKey }, loginForm('a', 'b'))).toEqual({
      loginStatus: 'CERT_AUTH_REQUIRED',
    });
  });

  it('serves JSON-RPC batches and REST with the same operations', async () => {
    const token = (await signIn(appKey)).token!;
    const session = { 'x-application': appKey, 'x-authentication': token };
    const batch = await rpc(
      'account',
      session,
      `[${call('getAccountFunds', 1)},${call('getAccountDetails', 2)}]`,
    );
    expect(batch).toMatchObject([
      { jsonrpc: '2.0', id: 1, result: { wallet: 'UK', retainedCommission: 0 } },
      { jsonrpc: '2.0', id: 2, result: { currencyCode: 'PTS', firstName: 'Demo', lastName: 'Player' } },
    ]);
    for (const url of [
      '/betfair/exchange/account/rest/v1.0/getAccountFunds/',
      '/betfair/exchange/account/rest/v1.0/getAccountFunds',
    ]) {
      const rest = await ctx.app.inject({
        method: 'POST',
        url,
        headers: session,
        payload: '{"wallet":null}',
      });
      expect(rest.statusCode).toBe(200);
      expect(rest.json()).toEqual((batch as Array<{ result: unknown }>)[0]!.result);
    }
    const unknown = await rpc(
      'betting',
      session,
      JSON.stringify({ jsonrpc: '2.0', method: 'SportsAPING/v1.0/listNothing', id: 3 }),
    );
    expect(unknown).toEqual({ jsonrpc: '2.0', error: { code: -32601, message: 'DSC-0021' }, id: 3 });
  });

  it('answers bad JSON and missing headers in Betfair terms, never 5xx', async () => {
    const token = (await signIn(appKey)).token!;
    const session = { 'x-application': appKey, 'x-authentication': token };
    expect(accountError(await rpc('account', session, '{"jsonrpc":'))).toBe('INVALID_INPUT_DATA');
    expect(accountError(await rpc('account', { 'x-authentication': token }, call('getAccountFunds')))).toBe(
      'NO_APP_KEY',
    );
    expect(accountError(await rpc('account', { 'x-application': appKey }, call('getAccountFunds')))).toBe(
      'NO_SESSION',
    );
    expect(
      accountError(await rpc('account', { ...session, 'x-application': 'nope' }, call('getAccountFunds'))),
    ).toBe('INVALID_APP_KEY');
  });

  it("follows the operator's API access switch, audited", async () => {
    const token = (await signIn(appKey)).token!;
    const session = { 'x-application': appKey, 'x-authentication': token };
    const url = `/api/admin/players/${playerId}/api-access`;
    const off = await ctx.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: { enabled: false, reason: 'abuse' },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ playerId, enabled: false });
    expect(accountError(await rpc('account', session, call('getAccountFunds')))).toBe('INVALID_APP_KEY');
    expect((await signIn(appKey)).error).toBe('INVALID_APP_KEY');
    const [audit] = await ctx.deps.db.query<{ action: string; reason: string; after: unknown }>(
      `SELECT action, reason, after FROM audit_log WHERE target = $1 ORDER BY id DESC LIMIT 1`,
      [`player:${playerId}`],
    );
    expect(audit).toMatchObject({ action: 'player api access', reason: 'abuse' });
    await ctx.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: { enabled: true, reason: 'cleared' },
    });
    expect(await rpc('account', session, call('getAccountFunds'))).toMatchObject({
      result: { wallet: 'UK' },
    });
    const missing = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/players/${crypto.randomUUID()}/api-access`,
      headers: admin,
      payload: { enabled: true, reason: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    const byPlayer = await ctx.app.inject({
      method: 'POST',
      url,
      headers: player,
      payload: { enabled: true, reason: 'x' },
    });
    expect(byPlayer.statusCode).toBe(403);
  });
});
