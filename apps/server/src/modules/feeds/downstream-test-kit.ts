import type { Feed, Market, SourceBook } from '@backlay/contracts';
import { connectStream, type JsonMessage, type StreamConnection } from '@backlay/betfair-stream';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { cashDeskClient } from '../../test/cash-desk-client.ts';
import { createOperatorMarket } from '../../test/operator-market.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { tradingApiClient, type TradingApiHeaders } from '../../test/trading-api-client.ts';
import { BetfairStreamServer, tlsIdentity } from '../betfair/index.ts';
import type { Headers } from './feeds-test-kit.ts';
import { startFeeds } from './index.ts';

/** A portal of its own: an app on its own database and data directory, and its admin's headers. */
export type Portal = { t: TestContext; admin: Headers; dataDir: string; close(): Promise<void> };

/**
 * A portal as the server runs it: its workers started (unit leases renewed, live feeds kept owned), so
 * a feed's unit stays loaded and its stream connected for as long as it runs.
 */
export async function startPortal(name: string): Promise<Portal> {
  const dataDir = mkdtempSync(join(tmpdir(), `feeds-${name}-`));
  const t = await startTestApp({ DATA_DIR: dataDir });
  await startFeeds(t.deps);
  await t.deps.lifecycle.start();
  return {
    t,
    dataDir,
    admin: bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password)),
    close: async () => {
      await t.deps.lifecycle.stop();
      await t.close();
    },
  };
}

/** A player of the upstream with money, an app key and a trading API session. */
export type Trader = TradingApiHeaders & { email: string };

/** A market of the upstream as the trading API names it, with the portal's runner ids beside. */
export type TradedMarket = {
  id: string;
  bfId: string;
  eventBfId: string;
  selections: { runnerId: string; selectionId: number }[];
};

/** Per selection id: the ladders and traded figures of one market, as a stream client folds them. */
export type Ladders = Record<
  number,
  { atb: number[][]; atl: number[][]; trd: number[][]; ltp: number | null; tv: number | null }
>;

/**
 * The portal whose trading stream another follows: its app listens on HTTP (the identity login) and
 * its Exchange Stream on TLS with a self-signed certificate; `restartStream` stops the stream server
 * and starts a new one on the same port, as a restarted instance does.
 */
export class Upstream {
  server!: BetfairStreamServer;
  streamPort = 0;
  identityUrl = '';

  private constructor(
    readonly portal: Portal,
    readonly identity: Awaited<ReturnType<typeof tlsIdentity>>,
  ) {}

  static async start(): Promise<Upstream> {
    const portal = await startPortal('upstream');
    const upstream = new Upstream(portal, await tlsIdentity({ DATA_DIR: portal.dataDir }));
    await upstream.#startStream(0);
    upstream.identityUrl = `${await portal.t.app.listen({ port: 0, host: '127.0.0.1' })}/betfair/identity/`;
    return upstream;
  }

  async #startStream(port: number): Promise<void> {
    this.server = new BetfairStreamServer({ ...this.portal.t.deps });
    this.streamPort = await this.server.start(this.identity, port, '127.0.0.1');
  }

  async restartStream(): Promise<void> {
    await this.server.stop();
    await this.#startStream(this.streamPort);
  }

  async trader(): Promise<Trader> {
    const { t, admin } = this.portal;
    const email = `trader-${randomUUID().slice(0, 8)}@test.local`;
    const desk = cashDeskClient(t, admin);
    await desk.deposit(await desk.createPlayer(email), { amount: '5000.00', remark: 'test' });
    return {
      email,
      ...(await tradingApiClient(t).signIn(email, bearer(await loginAs(t.app, email, 'secret1')))),
    };
  }

  async market(): Promise<TradedMarket> {
    const { t, admin } = this.portal;
    const market = await createOperatorMarket(t, admin, { minStake: '1' });
    const rows = await t.deps.db.query<{
      event: string;
      market: string;
      runner_id: string;
      selection: string;
    }>(
      `SELECT e.bf_id::text AS event, m.bf_id::text AS market, r.runner_id, r.bf_id::text AS selection
         FROM markets m JOIN events e ON e.id = m.event_id JOIN runners r ON r.market_id = m.id
        WHERE m.id = $1 ORDER BY r.sort_order`,
      [market.id],
    );
    return {
      id: market.id,
      bfId: `1.${rows[0]!.market}`,
      eventBfId: rows[0]!.event,
      selections: rows.map((row) => ({ runnerId: row.runner_id, selectionId: Number(row.selection) })),
    };
  }

  /** One LIMIT order through the trading API; fails the test unless it went through. */
  async place(who: Trader, market: TradedMarket, order: Order): Promise<void> {
    const instruction = {
      selectionId: market.selections[order.runner]!.selectionId,
      side: order.side,
      orderType: 'LIMIT',
      limitOrder: { size: order.size, price: order.price, persistenceType: 'LAPSE' },
    };
    const answer = await tradingApiClient(this.portal.t).call(who, 'placeOrders', {
      marketId: market.bfId,
      instructions: [instruction],
    });
    expect(answer.result, JSON.stringify(answer)).toMatchObject({ status: 'SUCCESS' });
  }

  /** A new subscription to the upstream's stream of the market, folding its image and deltas. */
  watch(who: Trader, market: TradedMarket): StreamView {
    const view = new StreamView(market.bfId);
    view.connection = connectStream({
      host: '127.0.0.1',
      port: this.streamPort,
      appKey: who['x-application'],
      session: who['x-authentication'],
      tls: { rejectUnauthorized: false },
      marketFilter: { marketIds: [market.bfId] },
      marketDataFilter: { fields: STREAM_FIELDS },
      onMessage: (message) => view.fold(message),
    });
    return view;
  }

  /** The upstream's own book of the market, as its players see it (`GET /api/markets/:id`). */
  async book(market: TradedMarket): Promise<Market> {
    const { t, admin } = this.portal;
    const response = await t.app.inject({ method: 'GET', url: `/api/markets/${market.id}`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Market>();
  }

  async close(): Promise<void> {
    await this.server.stop();
    await this.portal.close();
  }
}

/** One order of a scripted run: runner 0 or 1 of the market. */
export type Order = { runner: 0 | 1; side: 'BACK' | 'LAY'; price: number; size: number };

/** The fields a stream feed asks for unless told otherwise (stream-lines.ts). */
const STREAM_FIELDS = ['EX_ALL_OFFERS', 'EX_TRADED', 'EX_TRADED_VOL', 'EX_LTP', 'EX_MARKET_DEF'];

type RunnerChange = {
  id: number;
  atb?: number[][];
  atl?: number[][];
  trd?: number[][];
  ltp?: number;
  tv?: number;
};
type MarketChange = {
  id: string;
  img?: boolean;
  rc?: RunnerChange[];
  marketDefinition?: { status?: string };
};

/**
 * One market as a stream client holds it: the image, then each delta (a level's new size, 0 gone).
 * Its image may miss the last ~100 ms of changes (the stream's images are its states fanned out
 * last); those follow as deltas.
 */
export class StreamView {
  connection: StreamConnection | undefined;
  imaged = false;
  status = 'UNKNOWN';
  ladders: Ladders = {};

  constructor(private readonly marketId: string) {}

  fold(message: JsonMessage): void {
    for (const change of (message.mc ?? []) as MarketChange[]) {
      if (change.id !== this.marketId) continue;
      if (change.img) {
        this.ladders = {};
        this.imaged = true;
      }
      if (change.marketDefinition?.status) this.status = change.marketDefinition.status;
      for (const rc of change.rc ?? []) this.#foldRunner(rc);
    }
  }

  #foldRunner(rc: RunnerChange): void {
    const runner = (this.ladders[rc.id] ??= { atb: [], atl: [], trd: [], ltp: null, tv: null });
    for (const side of ['atb', 'atl', 'trd'] as const) {
      for (const [price, size] of rc[side] ?? []) {
        const levels = runner[side].filter(([p]) => p !== price);
        runner[side] = size === 0 ? levels : [...levels, [price!, size!]];
      }
      // Best first, as the source book shows them: to back highest, to lay and traded lowest.
      runner[side].sort((a, b) => (side === 'atb' ? b[0]! - a[0]! : a[0]! - b[0]!));
    }
    if (rc.ltp !== undefined) runner.ltp = rc.ltp;
    if (rc.tv !== undefined) runner.tv = rc.tv;
  }

  close(): Promise<void> {
    return this.connection?.close() ?? Promise.resolve();
  }
}

/** A mirrored market's source book on the downstream; null until it has one. */
export async function sourceBook(portal: Portal, marketId: string): Promise<SourceBook | null> {
  const { t, admin } = portal;
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/markets/${marketId}/source`,
    headers: admin,
  });
  return response.statusCode === 200 ? response.json<SourceBook>() : null;
}

/** The source book's ladders in the form a stream client folds them. */
export function ladderOf(book: SourceBook): Ladders {
  const ladders: Ladders = {};
  for (const { sourceSelectionId, atb, atl, trd, ltp, tv } of book.runners)
    ladders[sourceSelectionId] = { atb, atl, trd, ltp, tv };
  return held(ladders);
}

/** The runners that hold something: a runner's change may leave it with nothing, shown or not. */
export function held(ladders: Ladders): Ladders {
  return Object.fromEntries(
    Object.entries(ladders).filter(
      ([, r]) => r.atb.length + r.atl.length + r.trd.length > 0 || r.ltp !== null || r.tv !== null,
    ),
  );
}

/** A live stream feed on the downstream, created as the console does. */
export async function createStreamFeed(portal: Portal, body: Record<string, unknown>): Promise<Feed> {
  const { t, admin } = portal;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/feeds',
    headers: admin,
    payload: { kind: 'stream', ...body },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ feed: Feed }>().feed;
}
