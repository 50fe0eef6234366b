import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import {
  connectStream,
  openTlsSocket,
  type JsonMessage,
  type StreamConnection,
  type StreamOptions,
  type StreamStatus,
} from '@backlay/betfair-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/test-app.ts';
import { limit, tradingKit, type Bot, type Player, type TradingKit } from '../testing/trading-kit.ts';
import { BetfairStreamServer } from './stream-server.ts';
import { tlsIdentity, type TlsIdentity } from './tls-identity.ts';

let ctx: TestContext;
let x: TradingKit;
let identity: TlsIdentity;
let server: BetfairStreamServer;
let port: number;
let identityUrl: string;

const startServer = async (on: number) => {
  server = new BetfairStreamServer({ ...ctx.deps, sessionCheckMs: 400 });
  return server.start(identity, on, '127.0.0.1');
};

beforeAll(async () => {
  ctx = await startTestApp();
  x = await tradingKit(ctx);
  identity = await tlsIdentity({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bf-live-')) });
  port = await startServer(0);
  // The identity login goes over HTTP, as a program's does.
  identityUrl = `${await ctx.app.listen({ port: 0, host: '127.0.0.1' })}/betfair/identity/`;
});
afterAll(async () => {
  await server.stop();
  await ctx.close();
});

/** Each market's runners' ladders (to back, to lay, traded) and last price, folded from the mcm. */
type Ladders = Record<
  string,
  Record<string, { atb: number[][]; atl: number[][]; trd: number[][]; ltp?: number }>
>;
type RunnerChange = { id: number; atb?: number[][]; atl?: number[][]; trd?: number[][]; ltp?: number };
type Change = { id: string; img?: boolean; rc?: RunnerChange[] };

function fold(ladders: Ladders, message: JsonMessage): void {
  for (const mc of (message.mc ?? []) as Change[]) {
    if (mc.img || !ladders[mc.id]) ladders[mc.id] = {};
    const market = ladders[mc.id]!;
    for (const rc of mc.rc ?? []) {
      const runner = (market[rc.id] ??= { atb: [], atl: [], trd: [] });
      for (const side of ['atb', 'atl', 'trd'] as const) {
        for (const [price, size] of rc[side] ?? []) {
          const levels = runner[side].filter(([p]) => p !== price);
          runner[side] = (size === 0 ? levels : [...levels, [price!, size!]]).sort((a, b) => a[0]! - b[0]!);
        }
      }
      if (rc.ltp !== undefined) runner.ltp = rc.ltp;
    }
  }
}

type Watched = {
  connection: StreamConnection;
  ladders: Ladders;
  messages: JsonMessage[];
  statuses: StreamStatus[];
  /** Every line the client wrote, as sent. */
  sent: JsonMessage[];
};

/** A client on the portal's stream that folds what it hears and records what it sends. */
function watch(bot: Bot, marketId: string, more: Partial<StreamOptions> = {}): Watched {
  const watched = { ladders: {}, messages: [], statuses: [], sent: [] } as Omit<Watched, 'connection'>;
  const recording = (socket: Duplex): Duplex => {
    const write = socket.write.bind(socket) as (chunk: string) => boolean;
    socket.write = ((chunk: string) => {
      for (const line of String(chunk).split('\r\n').filter(Boolean))
        watched.sent.push(JSON.parse(line) as JsonMessage);
      return write(chunk);
    }) as Duplex['write'];
    return socket;
  };
  const connection = connectStream({
    host: 'localhost',
    port,
    appKey: bot.api['x-application']!,
    session: bot.api['x-authentication']!,
    tls: { ca: identity.cert.toString() },
    marketFilter: { marketIds: [marketId] },
    marketDataFilter: { fields: ['EX_ALL_OFFERS', 'EX_TRADED', 'EX_LTP', 'EX_MARKET_DEF'] },
    heartbeatMs: 500,
    reconnect: { initialDelayMs: 50, maxDelayMs: 400 },
    onMessage: (message) => {
      watched.messages.push(message);
      fold(watched.ladders, message);
    },
    onStatus: (status) => void watched.statuses.push(status),
    connect: (target) => recording(openTlsSocket(target)),
    ...more,
  });
  return { ...watched, connection };
}

async function until(what: string, done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const subscriptions = (watched: Watched) => watched.sent.filter((m) => m.op === 'marketSubscription');
const atb = (watched: Watched, marketId: string, runner: number) =>
  watched.ladders[marketId]?.[runner]?.atb ?? [];

/** A new subscription's image, folded: what the resumed client's ladders must equal. */
async function freshLadders(bot: Bot, marketId: string): Promise<Ladders> {
  const fresh = watch(bot, marketId);
  await until('a fresh image', () => fresh.messages.some((m) => m.ct === 'SUB_IMAGE'));
  await fresh.connection.close();
  return fresh.ladders;
}

describe('the live stream client against the portal’s stream', () => {
  let alice: Bot;
  let bob: Player;

  beforeAll(async () => {
    alice = await x.bot();
    bob = await x.player();
  });

  it('takes the image and the deltas, and after the server drops it resumes with its clocks, missing nothing', async () => {
    const market = await x.market();
    const client = watch(alice, market.bfId);
    try {
      await until('the image', () => client.messages.some((m) => m.ct === 'SUB_IMAGE'));
      expect(client.statuses.map((s) => s.state)).toEqual(['connecting', 'connected', 'subscribed']);
      expect(client.sent.map((m) => m.op)).toEqual(['authentication', 'marketSubscription']);
      expect(client.ladders[market.bfId]![market.home]).toEqual({ atb: [], atl: [], trd: [] });

      const placed = await x.call(alice, 'placeOrders', {
        marketId: market.bfId,
        instructions: [limit(market.home, 'LAY', 3.0, 5)],
      });
      expect(placed.status).toBe('SUCCESS');
      await until('the delta', () => atb(client, market.bfId, market.home).length === 1);
      expect(atb(client, market.bfId, market.home)).toEqual([[3, 5]]);
      const delta = client.messages.at(-1)!;
      expect(delta.ct).toBeUndefined();

      await server.stop();
      await until('the drop', () => client.statuses.some((s) => s.state === 'reconnecting'));
      const clocks = client.connection.clk;
      expect(clocks.clk).toBe(delta.clk);
      // A change while the stream is down: the resumed subscription must bring it.
      const laid = await x.place(bob.auth, {
        marketId: market.id,
        runnerId: market.runners[0]!.id,
        side: 'LAY',
        price: 2.0,
        stake: '10',
      });
      expect(laid.statusCode).toBe(201);
      await startServer(port);

      await until('the resubscription', () => subscriptions(client).length === 2);
      expect(subscriptions(client)[1]).toMatchObject({ initialClk: clocks.initialClk, clk: clocks.clk });
      await until('the missed change', () => atb(client, market.bfId, market.home).length === 2);
      expect(atb(client, market.bfId, market.home)).toEqual([
        [2, 10],
        [3, 5],
      ]);
      expect(client.ladders).toEqual(await freshLadders(alice, market.bfId));
      expect(client.statuses.at(-1)).toEqual({ state: 'subscribed' });
    } finally {
      await client.connection.close();
    }
  });

  it('logs in again when the stream ends its session, and resumes', async () => {
    const carol = await x.bot();
    const market = await x.market();
    const email = (carol as Bot & { email: string }).email;
    const client = watch(carol, market.bfId, {
      login: { identityUrl, username: email, password: 'secret1' },
    });
    try {
      await until('the image', () => client.messages.some((m) => m.ct === 'SUB_IMAGE'));
      const logout = await ctx.app.inject({
        method: 'POST',
        url: '/betfair/identity/logout',
        headers: { accept: 'application/json', ...carol.api },
      });
      expect(logout.json()).toMatchObject({ status: 'SUCCESS' });
      await until('the new session', () => client.sent.filter((m) => m.op === 'authentication').length === 2);
      const [first, second] = client.sent.filter((m) => m.op === 'authentication');
      expect(first!.session).toBe(carol.api['x-authentication']);
      expect(second!.session).not.toBe(first!.session);
      expect(client.statuses).toContainEqual({
        state: 'reconnecting',
        detail: expect.stringMatching(/^INVALID_SESSION_INFORMATION/),
      });
      await until('the resubscription', () => client.statuses.at(-1)?.state === 'subscribed');
      const newSession = { ...carol, api: { ...carol.api, 'x-authentication': second!.session as string } };
      await x.call(newSession, 'placeOrders', {
        marketId: market.bfId,
        instructions: [limit(market.away, 'BACK', 4.0, 2)],
      });
      await until('the delta', () => (client.ladders[market.bfId]?.[market.away]?.atl ?? []).length === 1);
      expect(client.ladders).toEqual(await freshLadders(newSession, market.bfId));
    } finally {
      await client.connection.close();
    }
  });

  it('refuses the self-signed certificate unless told to trust it', async () => {
    const market = await x.market();
    const client = watch(alice, market.bfId, {
      tls: {},
      reconnect: { initialDelayMs: 5000, maxDelayMs: 5000 },
    });
    try {
      await until('the refusal', () => client.statuses.some((s) => s.state === 'reconnecting'));
      expect(client.statuses.at(-1)!.detail).toMatch(/self[- ]signed certificate/);
      expect(client.sent).toEqual([]);
    } finally {
      await client.connection.close();
    }
  });
});
