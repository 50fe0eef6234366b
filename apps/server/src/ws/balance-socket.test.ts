import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../test/test-app.ts';
import { SOCKET_ERRORS } from './balance-socket.ts';
import { openProbe } from './socket-client.test-helpers.ts';

let ctx: TestContext;
let baseUrl: string;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await startTestApp(
    {},
    // A recheck far beyond any test's length: sign-out and suspension must close sockets through the bus.
    { socketLimits: { tokenTimeoutMs: 300, maxSocketsPerUser: 2, recheckEveryMs: 600_000 } },
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
