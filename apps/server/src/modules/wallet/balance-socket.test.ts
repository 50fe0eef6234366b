import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken, newToken, SESSIONS_REVOKED_TOPIC } from '../auth/index.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { endLimitedSessions } from '../protection/index.ts';
import { SOCKET_ERRORS } from './balance-socket.ts';
import { openProbe, openSocketProbe, type SocketProbe } from '../../test/socket-client.ts';

let ctx: TestContext;
let baseUrl: string;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await startTestApp(
    {},
    // A reconcile far beyond any test's length: sign-out and suspension must close sockets through the bus.
    { socketLimits: { tokenTimeoutMs: 300, maxSocketsPerUser: 2, reconcileEveryMs: 600_000 } },
  );
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  baseUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(() => ctx.close());

async function newPlayer(email: string, openingCredit = '1500') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/players',
    headers: admin,
    payload: { email, password: 'secret1', name: 'Socket', openingCredit },
  });
  const id = response.json().player.id as string;
  return { id, token: await loginAs(ctx.app, email, 'secret1') };
}

const deposit = (id: string, amount: string, headers = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/players/${id}/deposit`, headers, payload: { amount } });

describe('GET /ws/balance', () => {
  it('sends the balance at once after a valid token, then after every committed change', async () => {
    const player = await newPlayer('socket1@test.local');
    const probe = await openProbe(baseUrl, player.id);
    probe.socket.send(JSON.stringify({ token: player.token }));
    expect(await probe.next()).toEqual({ price: true, money: 1500, exposure: 0 });
    await deposit(player.id, '20.25');
    expect(await probe.next()).toEqual({ price: true, money: 1520.25, exposure: 0 });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/players/${player.id}/withdraw`,
      headers: admin,
      payload: { amount: '0.25' },
    });
    expect(await probe.next()).toEqual({ price: true, money: 1520, exposure: 0 });
    probe.socket.close();
  });

  it('refuses a token of another user with an error message and closes', async () => {
    const owner = await newPlayer('socket2@test.local');
    const other = await newPlayer('socket3@test.local');
    const probe = await openProbe(baseUrl, owner.id);
    probe.socket.send(JSON.stringify({ token: other.token }));
    expect(await probe.next()).toEqual({ error: SOCKET_ERRORS.otherUser });
    expect(await probe.closed).toBe(1008);
  });

  it.each([
    ['an invalid token', { token: 'nope' }, SOCKET_ERRORS.badToken],
    ['a message without a token', { hello: 1 }, SOCKET_ERRORS.badMessage],
    ['an oversized message', { token: 'x'.repeat(2_000) }, SOCKET_ERRORS.badMessage],
  ])('refuses %s', async (_label, message, error) => {
    const player = await newPlayer(`socket-${error.length}-${JSON.stringify(message).length}@test.local`);
    const probe = await openProbe(baseUrl, player.id);
    probe.socket.send(JSON.stringify(message));
    expect(await probe.next()).toEqual({ error });
    await probe.closed;
  });

  it('refuses a malformed userId, a missing token and non-JSON', async () => {
    const bad = await openProbe(baseUrl, 'not-a-uuid');
    expect(await bad.next()).toEqual({ error: SOCKET_ERRORS.badUserId });
    const player = await newPlayer('socket4@test.local');
    const silent = await openProbe(baseUrl, player.id);
    expect(await silent.next()).toEqual({ error: SOCKET_ERRORS.noToken });
    const garbage = await openProbe(baseUrl, player.id);
    garbage.socket.send('{not json');
    expect(await garbage.next()).toEqual({ error: SOCKET_ERRORS.badMessage });
  });

  it('bounds sockets per user and closes a socket whose session is revoked', async () => {
    const player = await newPlayer('socket5@test.local');
    const probes = [];
    for (let i = 0; i < 3; i += 1) {
      const probe = await openProbe(baseUrl, player.id);
      probe.socket.send(JSON.stringify({ token: player.token }));
      probes.push(probe);
      await probe.next();
    }
    expect(probes.map((p) => p.messages[0])).toEqual([
      { price: true, money: 1500, exposure: 0 },
      { price: true, money: 1500, exposure: 0 },
      { error: SOCKET_ERRORS.tooMany },
    ]);
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(player.token) });
    expect(await probes[0]!.next()).toEqual({ error: SOCKET_ERRORS.badToken });
    expect(await probes[0]!.closed).toBe(1008);
    probes.forEach((p) => p.socket.close());
  });
});

describe('revocation', () => {
  it('closes the socket at once when the operator suspends the player, not when reactivating', async () => {
    const player = await newPlayer('socket-suspend@test.local');
    const other = await newPlayer('socket-bystander@test.local');
    const probe = await openProbe(baseUrl, player.id);
    probe.socket.send(JSON.stringify({ token: player.token }));
    await probe.next();
    const bystander = await openProbe(baseUrl, other.id);
    bystander.socket.send(JSON.stringify({ token: other.token }));
    await bystander.next();
    const status = (id: string, value: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/players/${id}/status`,
        headers: admin,
        payload: { status: value },
      });
    await status(other.id, 'active');
    await status(player.id, 'suspended');
    expect(await probe.next()).toEqual({ error: SOCKET_ERRORS.badToken });
    expect(await probe.closed).toBe(1008);
    await deposit(other.id, '1');
    expect(await bystander.next()).toEqual({ price: true, money: 1501, exposure: 0 });
    bystander.socket.close();
  });

  /** Opens a signed-in socket, runs `end`, and answers how long the socket took to close. */
  async function closedWithin(
    email: string,
    end: (player: { id: string; token: string }) => Promise<unknown>,
  ) {
    const player = await newPlayer(email);
    const probe = await openProbe(baseUrl, player.id);
    await signedIn(probe, player.token);
    const started = Date.now();
    await end(player);
    expect(await probe.closed).toBe(1008);
    return Date.now() - started;
  }

  it('closes the socket within a second of a self-exclusion', async () => {
    const took = await closedWithin('socket-exclusion@test.local', (player) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/me/self-exclusion',
        headers: bearer(player.token),
        payload: { period: '6m', password: 'secret1' },
      }),
    );
    expect(took).toBeLessThan(1_000);
  });

  it('closes the socket within a second of the session reaching its limit', async () => {
    const took = await closedWithin('socket-session-limit@test.local', async (player) => {
      const headers = bearer(player.token);
      await ctx.app.inject({ method: 'PUT', url: '/api/me/session-limit', headers, payload: { minutes: 1 } });
      await endLimitedSessions({ ...ctx.deps, nowMs: () => Date.now() + 61_000 });
    });
    expect(took).toBeLessThan(1_000);
  });
});

async function signedIn(probe: SocketProbe, token: string) {
  probe.socket.send(JSON.stringify({ token }));
  return probe.next();
}

describe('sessions of open sockets', () => {
  it('accepts the userId in any letter case', async () => {
    const player = await newPlayer('socket-case@test.local');
    const probe = await openProbe(baseUrl, player.id.toUpperCase());
    expect(await signedIn(probe, player.token)).toEqual({ price: true, money: 1500, exposure: 0 });
    probe.socket.close();
  });

  it('follows revocations through one subscription per process, not one per socket', async () => {
    const subscribe = vi.spyOn(ctx.deps.bus, 'subscribe');
    const player = await newPlayer('socket-one-subscription@test.local');
    const probes = [await openProbe(baseUrl, player.id), await openProbe(baseUrl, player.id)];
    for (const probe of probes) await signedIn(probe, player.token);
    const revocationSubscriptions = subscribe.mock.calls.filter(
      ([topic]) => topic === SESSIONS_REVOKED_TOPIC,
    );
    subscribe.mockRestore();
    expect(revocationSubscriptions).toHaveLength(0);
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(player.token) });
    for (const probe of probes) expect(await probe.closed).toBe(1008);
  });

  it('closes the socket when its session expires, with no database re-check', async () => {
    const player = await newPlayer('socket-expiry@test.local');
    const token = newToken(player.id);
    await ctx.deps.db.query(
      `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1500 milliseconds')`,
      [hashToken(token), player.id],
    );
    const probe = await openProbe(baseUrl, player.id);
    expect(await signedIn(probe, token)).toEqual({ price: true, money: 1500, exposure: 0 });
    expect(await probe.next()).toEqual({ error: SOCKET_ERRORS.badToken });
    expect(await probe.closed).toBe(1008);
  });

  it('ignores messages after the token', async () => {
    const player = await newPlayer('socket-chatty@test.local');
    const probe = await openProbe(baseUrl, player.id);
    await signedIn(probe, player.token);
    probe.socket.send('{not json');
    probe.socket.send(JSON.stringify({ token: 'another' }));
    await deposit(player.id, '1');
    expect(await probe.next()).toEqual({ price: true, money: 1501, exposure: 0 });
    probe.socket.close();
  });
});

describe('malformed frames', () => {
  it('are logged as one debug line each, never an error with a stack', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    const logged = await startTestApp({ LOG_LEVEL: 'debug' }, { logger: { stream } }, ctx.deps.db);
    try {
      await logged.app.listen({ port: 0, host: '127.0.0.1' });
      const address = logged.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      for (let i = 0; i < 3; i += 1) {
        const probe = await openSocketProbe(
          `ws://127.0.0.1:${port}/ws/balance?userId=${crypto.randomUUID()}`,
        );
        probe.socket.send('x'.repeat(5_000)); // beyond the 4 KiB frame limit
        await probe.closed;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      const refused = lines.filter((line) => line.msg === 'socket frame refused');
      expect(refused).toHaveLength(3);
      expect(refused.every((line) => line.level === 20 && !JSON.stringify(line).includes('stack'))).toBe(
        true,
      );
      expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});

describe('across instances through Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let available = false;
  beforeAll(async () => {
    const probe = new Redis(redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => {});
    available = await probe.connect().then(
      () => true,
      () => false,
    );
    probe.disconnect();
  });

  it('a deposit on one instance reaches a socket held by another', async (test) => {
    if (!available) test.skip();
    const first = await startTestApp({ REDIS_URL: redisUrl }, {}, ctx.deps.db);
    const second = await startTestApp({ REDIS_URL: redisUrl }, {}, ctx.deps.db);
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const address = second.app.server.address();
      const secondUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const player = await newPlayer('socket-redis@test.local', '10');
      const probe = await openProbe(secondUrl, player.id);
      probe.socket.send(JSON.stringify({ token: player.token }));
      expect(await probe.next()).toEqual({ price: true, money: 10, exposure: 0 });
      await new Promise((resolve) => setTimeout(resolve, 100)); // the Redis SUBSCRIBE round trip
      const response = await first.app.inject({
        method: 'POST',
        url: `/api/admin/players/${player.id}/deposit`,
        headers: admin,
        payload: { amount: '5' },
      });
      expect(response.statusCode).toBe(200);
      expect(await probe.next()).toEqual({ price: true, money: 15, exposure: 0 });
      probe.socket.close();
    } finally {
      await first.close();
      await second.close();
    }
  });
});
