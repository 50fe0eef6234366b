import type { Duplex } from 'node:stream';
import type { Sql } from '../../../db/database.ts';
import type { Callers } from '../callers.ts';
import { nextClk, type Clock } from './clocks.ts';
import { readDataFilter } from './market-changes.ts';
import { marketsOfFilter, readStreamMarketFilter } from './market-filter.ts';
import { firstChanges, resumeFrom, resumePointOf, type ResumableMarkets } from './market-resume.ts';
import { joinNewMarkets } from './market-growth.ts';
import type { MarketHub } from './market-hub.ts';
import type { MarketWithRunners } from './market-state.ts';
import type { NewMarkets } from './new-markets.ts';
import { OrderFeed, type OrderFeedDeps } from './order-feed.ts';
import { readOrderSubscription } from './order-request.ts';
import {
  CRLF,
  failure,
  parseRequest,
  readSegmentation,
  readTiming,
  StreamFailure,
  success,
  type StreamRequest,
} from './protocol.ts';
import type { MarketChange, OrderMarketChange, StreamMessage } from './messages.ts';
import type { AppKeyConnections } from './app-key-connections.ts';
import type { Resumes } from './resumes.ts';
import type { ImageChange } from './segments.ts';
import { authenticatedCaller, type StreamCaller } from './stream-auth.ts';
import { MAX_BUFFERED_CHARS, StreamSocket } from './stream-socket.ts';
import {
  clockOf,
  conflate,
  freshMarketSubscription,
  freshSubscription,
  heartbeatOf,
  imageOf,
  marketChangeLine,
  type MarketSubscription,
  type OrderSubscription,
  type Subscription,
} from './subscription.ts';

export type ConnectionDeps = {
  sql: Sql;
  callers: Pick<Callers, 'resolve' | 'sessionUser'>;
  hub: MarketHub;
  newMarkets: Pick<NewMarkets, 'follow'>;
  orders: OrderFeedDeps;
  /** Market subscriptions a reconnecting client may resume, by their initialClk (0273). */
  resumes: Resumes<ResumableMarkets>;
  /** Each app key's authenticated connections on this instance, within Betfair's limit. */
  connections: AppKeyConnections;
  onError(error: unknown): void;
  /** How often, on average, the session is checked (SESSION_CHECK_MS unless a test says otherwise). */
  sessionCheckMs?: number;
  /** The JSON an image segment carries at most (SEGMENT_CHARS unless a test says otherwise). */
  segmentChars?: number;
};

/** A client that has not authenticated within this is closed (Betfair's TIMEOUT). */
export const AUTHENTICATION_TIMEOUT_MS = 15_000;
/** How often, on average, a connection's session is checked: a sign-out or suspension ends the stream too. */
export const SESSION_CHECK_MS = 15_000;
const TICK_MS = 250;

/** Spread over half to one and a half periods, so connections opened together do not check together. */
const nextSessionCheck = (now: number, periodMs: number) => now + periodMs * (0.5 + Math.random());

/**
 * One stream connection (docs/decisions/0258): `connection` on open, then requests in order, each
 * answered with `status`; a market and an order subscription at most, a new one replacing the old.
 */
export class StreamConnection {
  readonly #io: StreamSocket;
  #chain: Promise<void> = Promise.resolve();
  #caller: StreamCaller | undefined;
  #market: MarketSubscription | undefined;
  #order: OrderSubscription | undefined;
  #closed = false;
  readonly #openedMs = Date.now();
  #nextSessionCheckMs: number;
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly socket: Duplex,
    private readonly deps: ConnectionDeps,
    readonly connectionId: string,
  ) {
    this.#nextSessionCheckMs = this.#nextCheck(Date.now());
    this.#write({ op: 'connection', connectionId });
    this.#io = new StreamSocket(
      socket,
      (line) => (this.#chain = this.#chain.then(() => this.#handle(line))),
      () => this.#fail(undefined, new StreamFailure('INVALID_INPUT', 'The message is too long.', true)),
    );
    socket.on('close', () => this.#closeQuietly());
    socket.on('error', () => this.#closeQuietly());
    this.#timer = setInterval(() => this.#tick(), TICK_MS);
    this.#timer.unref();
  }

  /**
   * Ends the connection (a refusal that closes, or server shutdown): subscriptions dropped, nothing more
   * read, and the socket destroyed once what was written (the refusal) has been flushed to the client.
   */
  close(): void {
    this.#closeQuietly();
    this.#io.close();
  }

  async #handle(line: string): Promise<void> {
    if (this.#closed) return;
    let request: StreamRequest | undefined;
    try {
      request = parseRequest(line);
      await this.#dispatch(request);
    } catch (error) {
      if (error instanceof StreamFailure) return this.#fail(request?.id, error);
      this.deps.onError(error);
      this.#fail(request?.id, new StreamFailure('UNEXPECTED_ERROR', 'The request could not be served.'));
    }
  }

  async #dispatch(request: StreamRequest): Promise<void> {
    if (request.op === 'authentication') return this.#authenticate(request);
    if (!this.#caller)
      throw new StreamFailure('NOT_AUTHORIZED', 'Authenticate before any other request.', true);
    if (request.op === 'heartbeat') return this.#success(request.id);
    if (request.op === 'marketSubscription') return this.#subscribeMarkets(request);
    if (request.op === 'orderSubscription') return this.#subscribeOrders(request);
    throw new StreamFailure('INVALID_INPUT', `Unknown op ${JSON.stringify(request.op)}.`, true);
  }

  async #authenticate(request: StreamRequest): Promise<void> {
    const caller = await authenticatedCaller(this.deps.callers, request);
    // A second authentication on the connection holds one connection of its key, not two.
    if (this.#caller) this.deps.connections.give(this.#caller.appKey);
    this.#caller = undefined;
    if (!this.deps.connections.take(caller.appKey))
      throw new StreamFailure(
        'MAX_CONNECTION_LIMIT_EXCEEDED',
        'This app key has as many stream connections open as it may; close one first.',
        true,
      );
    this.#caller = caller;
    this.#io.maxBufferedChars = MAX_BUFFERED_CHARS;
    this.#success(request.id);
  }

  async #subscribeMarkets(request: StreamRequest): Promise<void> {
    const timing = { ...readTiming(request), segmentation: readSegmentation(request) };
    const filter = readDataFilter(request.marketDataFilter);
    const marketFilter = readStreamMarketFilter(request.marketFilter);
    const point = resumePointOf(request);
    const subscription: MarketSubscription = freshMarketSubscription(request.id, timing, {
      filter,
      changed: (change) => this.#sendMarketChange(subscription, change),
    });
    // Followed before the query: a market created meanwhile comes as an addition after the image.
    if (!marketFilter.fixed)
      subscription.stopGrowing = this.deps.newMarkets.follow({
        marketFilter,
        added: (infos) => {
          this.#chain = this.#chain.then(() => this.#addMarkets(subscription, infos));
        },
      });
    const selected = await marketsOfFilter(this.deps.sql, marketFilter).catch((error: unknown) => {
      subscription.stopGrowing();
      throw error;
    });
    this.#dropMarkets();
    const keys = { dataFilterKey: filter.key, marketFilterKey: marketFilter.key };
    const take = (initialClk: Clock) => this.deps.resumes.take(initialClk);
    const infoOf = (id: string) => this.deps.hub.infoOf(id);
    const { resumed, infos } = resumeFrom(point, keys, take, selected, infoOf);
    subscription.marketIds = infos.map((info) => info.row.id);
    conflate(subscription, filter, (mc, con) => this.#sendConflated(subscription, mc, con));
    this.#market = subscription;
    const states = await this.deps.hub.join(subscription.sink, infos);
    if (this.#market !== subscription || this.#closed) {
      this.deps.hub.leave(subscription.sink, subscription.marketIds);
      return;
    }
    this.#success(request.id);
    // The states fanned out last, not those joined: changes held meanwhile are in them (their replay
    // after the image changes nothing), so every change logged before the image's clock is in it.
    const mc = firstChanges(this.deps.hub, filter, infos, states, resumed);
    subscription.initialClk = resumed?.initialClk;
    this.#sendImage(subscription, 'mcm', mc, resumed && String(resumed.initialClk));
    this.deps.resumes.hold(subscription.initialClk!, { ...keys, marketIds: subscription.marketIds });
    this.#releaseHeld(subscription);
    subscription.conflation?.start();
  }

  /** Markets created after the subscription that its filter selects (0259): images, then deltas. */
  async #addMarkets(subscription: MarketSubscription, infos: readonly MarketWithRunners[]): Promise<void> {
    if (this.#market !== subscription || this.#closed) return;
    subscription.held = [];
    try {
      const mc = await joinNewMarkets(this.deps.hub, subscription, infos);
      if (mc.length > 0 && this.#market === subscription)
        this.#send(subscription, {
          op: 'mcm',
          id: subscription.id,
          clk: clockOf(subscription),
          pt: Date.now(),
          mc,
        });
    } catch (error) {
      this.deps.onError(error);
    } finally {
      this.#releaseHeld(subscription);
    }
  }

  /** Changes that came while an image was read follow it, in order. */
  #releaseHeld(subscription: MarketSubscription): void {
    const held = subscription.held ?? [];
    subscription.held = undefined;
    for (const change of held) this.#sendMarketChange(subscription, change);
  }

  #sendImage<Op extends 'mcm' | 'ocm'>(
    subscription: Subscription & { initialClk?: MarketSubscription['initialClk'] },
    op: Op,
    changes: readonly ImageChange[Op][],
    initialClk?: string,
  ): void {
    const messages = imageOf(subscription, op, changes, this.deps.segmentChars, initialClk);
    for (const message of messages) this.#send(subscription, message);
  }

  async #subscribeOrders(request: StreamRequest): Promise<void> {
    const timing = { ...readTiming(request), segmentation: readSegmentation(request) };
    const orderFilter = readOrderSubscription(request, this.#caller!.playerId);
    this.#dropOrders();
    const feed = new OrderFeed(
      this.deps.orders,
      this.#caller!.playerId,
      (oc) => this.#sendOrderChange(subscription, oc),
      orderFilter,
    );
    const subscription: OrderSubscription = { ...freshSubscription(request.id, timing), feed };
    this.#order = subscription;
    const oc = await feed.start();
    if (this.#order !== subscription || this.#closed) return feed.stop();
    this.#success(request.id);
    this.#sendImage(subscription, 'ocm', oc);
    feed.imageSent();
  }

  #sendMarketChange(subscription: MarketSubscription, changeJson: string): void {
    if (this.#market !== subscription) return;
    if (subscription.held) return void subscription.held.push(changeJson);
    this.#writeLine(marketChangeLine(subscription, changeJson));
  }

  #sendConflated(subscription: MarketSubscription, mc: MarketChange[], con: boolean): void {
    if (this.#market !== subscription) return;
    const message = { op: 'mcm' as const, id: subscription.id, clk: nextClk(), pt: Date.now(), mc };
    this.#send(subscription, con ? { ...message, con: true } : message);
  }

  #sendOrderChange(subscription: OrderSubscription, oc: OrderMarketChange[]): void {
    if (this.#order !== subscription || oc.length === 0) return;
    this.#send(subscription, { op: 'ocm', id: subscription.id, clk: nextClk(), pt: Date.now(), oc });
  }

  #send(subscription: Subscription, message: StreamMessage): void {
    subscription.lastSentMs = Date.now();
    if ('clk' in message && message.clk && message.ct !== 'HEARTBEAT') subscription.lastClk = message.clk;
    this.#write(message);
  }

  /** Heartbeats of idle subscriptions, the authentication deadline, and the session's liveness. */
  #tick(): void {
    const now = Date.now();
    if (!this.#caller && now - this.#openedMs >= AUTHENTICATION_TIMEOUT_MS) {
      this.#fail(undefined, new StreamFailure('TIMEOUT', 'No authentication within 15 seconds.', true));
      return;
    }
    for (const [subscription, op] of [
      [this.#market, 'mcm'],
      [this.#order, 'ocm'],
    ] as const) {
      const heartbeat = heartbeatOf(subscription, op, now);
      if (heartbeat) this.#send(subscription!, heartbeat);
    }
    if (this.#caller && now >= this.#nextSessionCheckMs) {
      this.#nextSessionCheckMs = this.#nextCheck(now);
      void this.#checkSession(this.#caller.session);
    }
  }

  #nextCheck(now: number): number {
    return nextSessionCheck(now, this.deps.sessionCheckMs ?? SESSION_CHECK_MS);
  }

  async #checkSession(session: string): Promise<void> {
    const user = await this.deps.callers.sessionUser(session).catch(() => 'unknown' as const);
    if (user === undefined) {
      const ended = new StreamFailure('INVALID_SESSION_INFORMATION', 'The session has ended.', true);
      this.#chain = this.#chain.then(() => this.#fail(undefined, ended));
    }
  }

  /** SUCCESS, with how many more connections the caller's app key may open, as Betfair answers. */
  #success(id: number | undefined): void {
    const appKey = this.#caller?.appKey;
    const available =
      appKey === undefined ? {} : { connectionsAvailable: this.deps.connections.available(appKey) };
    this.#write({ ...success(id), ...available });
  }

  #fail(id: number | undefined, error: StreamFailure): void {
    if (this.#closed) return;
    this.#write(failure(id, error));
    if (error.close) this.close();
  }

  #write(message: StreamMessage): void {
    this.#writeLine(JSON.stringify(message));
  }

  #writeLine(line: string): void {
    if (this.#closed || this.socket.destroyed) return;
    this.socket.write(line + CRLF);
  }

  #dropMarkets(): void {
    if (this.#market?.initialClk !== undefined) this.deps.resumes.release(this.#market.initialClk);
    this.#market?.conflation?.stop();
    this.#market?.stopGrowing();
    if (this.#market) this.deps.hub.leave(this.#market.sink, this.#market.marketIds);
    this.#market = undefined;
  }

  #dropOrders(): void {
    this.#order?.feed.stop();
    this.#order = undefined;
  }

  #closeQuietly(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#caller) this.deps.connections.give(this.#caller.appKey);
    clearInterval(this.#timer);
    this.#dropMarkets();
    this.#dropOrders();
  }
}
