import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessBus } from '../../lib/bus.ts';
import { openSocketProbe } from '../../test/socket-client.ts';
import { DEFAULT_SOCKET_LIMITS, type SocketLimits } from './limits.ts';
import type { SessionSource, SocketSession } from './session-watch.ts';
import { SocketHub, type SocketErrorTexts } from './socket-hub.ts';
import { createSocketMetrics } from './socket-metrics.ts';

const ERRORS: SocketErrorTexts = {
  noToken: 'no token',
  badMessage: 'bad message',
  badToken: 'bad token',
  tooMany: 'too many',
  full: 'full',
  busy: 'busy',
  failed: 'failed',
};

const SESSION: SocketSession = {
  userId: 'u1',
  role: 'player',
  tokenHash: 'h1',
  expiresAtMs: Date.now() + 3_600_000,
};

type Started = { app: FastifyInstance; url: string; registry: Registry; hub: SocketHub; bus: InProcessBus };
let started: Started | undefined;
afterEach(async () => {
  started?.hub.close();
  await started?.app.close();
  started = undefined;
});

/** A hub with one route, `/ws/test`: `{subscribe: topic}` follows a topic, whose messages are forwarded. */
async function startHub(limits: Partial<SocketLimits>, find: SessionSource['find']): Promise<Started> {
  const app = Fastify();
  await app.register(websocket);
  const registry = new Registry();
  const bus = new InProcessBus();
  const sessions: SessionSource = {
    revocationTopic: 'sessions:revoked',
    find,
    live: async () => new Set(['h1']),
  };
  const hub = new SocketHub({
    bus,
    sessions,
    limits: { ...DEFAULT_SOCKET_LIMITS, ...limits },
    metrics: createSocketMetrics(registry),
  });
  hub.route(app, {
    path: '/ws/test',
    errors: ERRORS,
    accept: () => ({ context: null }),
    authorize: () => null,
    opened: (client) => client.send({ ready: true }),
    message(client, data) {
      const topic = (data as { subscribe?: string } | undefined)?.subscribe;
      if (!topic) return;
      const ok = client.subscribe(topic, (message) => client.send({ topic, message }, topic));
      client.send({ subscribed: topic, ok });
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws/test`;
  started = { app, url, registry, hub, bus };
  return started;
}

const metricValue = async (registry: Registry, name: string, labels: Record<string, string>) => {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  const match = metric?.values.find((v) => Object.entries(labels).every(([k, val]) => v.labels[k] === val));
  return match?.value ?? 0;
};

describe('SocketHub handshake', () => {
  it('closes a socket whose token check has not finished by the deadline', async () => {
    const { url, registry } = await startHub({ tokenTimeoutMs: 200 }, () => new Promise(() => {}));
    const probe = await openSocketProbe(url);
    probe.socket.send(JSON.stringify({ token: 'slow' }));
    expect(await probe.next()).toEqual({ error: ERRORS.noToken });
    expect(await probe.closed).toBe(1008);
    expect(await metricValue(registry, 'backlay_sockets_refused_total', { reason: 'no_token' })).toBe(1);
  });

  it('caps unauthenticated sockets per address, refusing with a message and 1013', async () => {
    const { url, registry } = await startHub({ maxUnauthenticatedPerAddress: 2 }, async () => SESSION);
    const first = await openSocketProbe(url);
    const second = await openSocketProbe(url);
    const third = await openSocketProbe(url);
    expect(await third.next()).toEqual({ error: ERRORS.busy });
    expect(await third.closed).toBe(1013);
    first.socket.send(JSON.stringify({ token: 'ok' }));
    expect(await first.next()).toEqual({ ready: true });
    // The authenticated socket no longer counts against the address.
    const fourth = await openSocketProbe(url);
    fourth.socket.send(JSON.stringify({ token: 'ok' }));
    expect(await fourth.next()).toEqual({ ready: true });
    expect(await metricValue(registry, 'backlay_sockets_refused_total', { reason: 'address_limit' })).toBe(1);
    [first, second, fourth].forEach((probe) => probe.socket.close());
  });

  it('caps unauthenticated sockets overall', async () => {
    const { url } = await startHub({ maxUnauthenticatedPerInstance: 1 }, async () => SESSION);
    const first = await openSocketProbe(url);
    const second = await openSocketProbe(url);
    expect(await second.next()).toEqual({ error: ERRORS.busy });
    expect(await second.closed).toBe(1013);
    first.socket.close();
  });
});

describe('SocketHub after authentication', () => {
  it('terminates a socket that stops answering pings', async () => {
    const { url, registry } = await startHub({ heartbeatEveryMs: 100 }, async () => SESSION);
    const alive = await openSocketProbe(url);
    const gone = await openSocketProbe(url, { autoPong: false });
    alive.socket.send(JSON.stringify({ token: 'ok' }));
    gone.socket.send(JSON.stringify({ token: 'ok' }));
    await alive.next();
    await gone.next();
    expect(await gone.closed).toBe(1006);
    expect(alive.socket.readyState).toBe(alive.socket.OPEN);
    expect(await metricValue(registry, 'backlay_sockets_terminated_total', { reason: 'heartbeat' })).toBe(1);
    alive.socket.close();
  });

  it('lets a socket follow topics up to its limit, once authenticated', async () => {
    const { url, bus, registry } = await startHub({ maxSubscriptionsPerSocket: 2 }, async () => SESSION);
    const probe = await openSocketProbe(url);
    probe.socket.send(JSON.stringify({ token: 'ok' }));
    await probe.next();
    for (const topic of ['market:1', 'table:1', 'crash'])
      probe.socket.send(JSON.stringify({ subscribe: topic }));
    expect([await probe.next(), await probe.next(), await probe.next()]).toEqual([
      { subscribed: 'market:1', ok: true },
      { subscribed: 'table:1', ok: true },
      { subscribed: 'crash', ok: false },
    ]);
    await bus.publish('market:1', 'price');
    expect(await probe.next()).toEqual({ topic: 'market:1', message: 'price' });
    expect(await metricValue(registry, 'backlay_sockets_authenticated', { route: '/ws/test' })).toBe(1);
    probe.socket.close();
    await probe.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await metricValue(registry, 'backlay_sockets_authenticated', { route: '/ws/test' })).toBe(0);
    expect(await metricValue(registry, 'backlay_sockets_open', { route: '/ws/test' })).toBe(0);
  });

  it('closes an authenticated socket when its session is revoked', async () => {
    const { url, bus } = await startHub({}, async () => SESSION);
    const probe = await openSocketProbe(url);
    probe.socket.send(JSON.stringify({ token: 'ok' }));
    await probe.next();
    await bus.publish('sessions:revoked', JSON.stringify({ tokenHash: 'h1' }));
    expect(await probe.next()).toEqual({ error: ERRORS.badToken });
    expect(await probe.closed).toBe(1008);
  });
});
