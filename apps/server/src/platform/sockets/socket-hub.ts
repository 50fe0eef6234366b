import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Bus } from '../../lib/bus.ts';
import { parseJson, readToken } from './handshake.ts';
import type { RefusalReason, SocketLimits } from './limits.ts';
import { SocketClient } from './socket-client.ts';
import type { SocketMetrics } from './socket-metrics.ts';
import { SessionWatch, type SessionSource, type SocketSession } from './session-watch.ts';

/** The texts a route sends when it refuses; each route keeps its own (the balance socket's are spec). */
export type SocketErrorTexts = {
  noToken: string;
  badMessage: string;
  badToken: string;
  tooMany: string;
  full: string;
  busy: string;
  failed: string;
};

export type Refusal = { error: string; reason: RefusalReason };

/** One socket endpoint: the hub does the handshake and limits, the route decides what flows. */
export type SocketRoute<Context> = {
  path: string;
  errors: SocketErrorTexts;
  /** Checks the upgrade request (e.g. a query parameter) before any token is read. */
  accept(request: FastifyRequest): { context: Context } | Refusal;
  /** May this session use this socket? null, or why not. */
  authorize(session: SocketSession, context: Context): Refusal | null;
  /** The socket is authenticated and counted; stream to it. A rejection closes it. */
  opened(client: SocketClient, context: Context): void | Promise<void>;
  /** Later client messages, parsed as JSON (undefined when not JSON); ignored when absent. */
  message?(client: SocketClient, data: unknown, context: Context): void;
};

export type SocketHubDeps = {
  bus: Bus;
  sessions: SessionSource;
  limits: SocketLimits;
  metrics: SocketMetrics;
};

type Tracked = { route: string; address: string; alive: boolean; countedUnauthenticated: boolean };

/**
 * Every authenticated socket of this process: one handshake, one revocation subscription, one
 * heartbeat timer, and the limits (docs/decisions/0055). Routes register with `route`.
 */
export class SocketHub {
  readonly limits: SocketLimits;
  readonly #tracked = new Map<WebSocket, Tracked>();
  readonly #unauthenticatedByAddress = new Map<string, number>();
  readonly #byRouteUser = new Map<string, Set<WebSocket>>();
  readonly #watch: SessionWatch;
  readonly #heartbeat: NodeJS.Timeout;
  #unauthenticated = 0;

  constructor(private readonly deps: SocketHubDeps) {
    this.limits = deps.limits;
    this.#watch = new SessionWatch(deps.bus, deps.sessions, deps.limits.reconcileEveryMs);
    this.#heartbeat = setInterval(() => this.#beat(), deps.limits.heartbeatEveryMs);
    this.#heartbeat.unref();
  }

  get openSockets(): number {
    return this.#tracked.size;
  }

  get watchedSessions(): number {
    return this.#watch.size;
  }

  route<Context>(app: FastifyInstance, route: SocketRoute<Context>): void {
    app.get(route.path, { websocket: true, config: { public: true } }, (socket, request) =>
      this.#connect(route, socket, request),
    );
  }

  close(): void {
    clearInterval(this.#heartbeat);
    this.#watch.close();
  }

  #connect<Context>(route: SocketRoute<Context>, socket: WebSocket, request: FastifyRequest): void {
    const { metrics, limits } = this.deps;
    const labels = { route: route.path };
    const refuse = (refusal: Refusal, code = 1008) => {
      metrics.refused.inc({ ...labels, reason: refusal.reason });
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ error: refusal.error }));
      socket.close(code, 'refused');
    };
    const tracked: Tracked = {
      route: route.path,
      address: request.ip,
      alive: true,
      countedUnauthenticated: true,
    };
    const capacity = this.#capacityRefusal(route, tracked.address);
    if (capacity) return refuse(capacity, 1013);
    this.#track(socket, tracked);
    const accepted = route.accept(request);
    if ('error' in accepted) return refuse(accepted);
    // Every socket, whatever its route, is closed unless it authenticates in time.
    const deadline = setTimeout(
      () => refuse({ error: route.errors.noToken, reason: 'no_token' }),
      limits.tokenTimeoutMs,
    );
    socket.on('close', () => clearTimeout(deadline));
    let client: SocketClient | undefined;
    let helloSeen = false;
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (client) return route.message?.(client, parseJson(data), accepted.context);
      if (helloSeen) return; // Anything sent while the token is being checked is ignored.
      helloSeen = true;
      const token = readToken(data, isBinary, limits.maxMessageBytes);
      if (!token) return refuse({ error: route.errors.badMessage, reason: 'bad_message' });
      void this.#authenticate(route, socket, token, accepted.context)
        .then((outcome) => {
          const admitted =
            'error' in outcome ? outcome : this.#admit(route, socket, tracked, outcome.session);
          if ('error' in admitted) return refuse(admitted);
          clearTimeout(deadline);
          client = admitted;
          return route.opened(client, accepted.context);
        })
        .catch((error: unknown) => {
          request.log.error({ err: error, route: route.path }, 'socket handshake failed');
          refuse({ error: route.errors.failed, reason: 'error' });
        });
    });
  }

  #capacityRefusal(route: SocketRoute<unknown>, address: string): Refusal | null {
    const { limits } = this;
    if (this.#tracked.size >= limits.maxSocketsPerInstance)
      return { error: route.errors.full, reason: 'instance_limit' };
    if ((this.#unauthenticatedByAddress.get(address) ?? 0) >= limits.maxUnauthenticatedPerAddress) {
      return { error: route.errors.busy, reason: 'address_limit' };
    }
    if (this.#unauthenticated >= limits.maxUnauthenticatedPerInstance) {
      return { error: route.errors.busy, reason: 'unauthenticated_limit' };
    }
    return null;
  }

  async #authenticate<Context>(
    route: SocketRoute<Context>,
    socket: WebSocket,
    token: string,
    context: Context,
  ): Promise<{ session: SocketSession } | Refusal> {
    const session = await this.deps.sessions.find(token);
    if (socket.readyState !== socket.OPEN) return { error: route.errors.failed, reason: 'error' };
    if (!session) return { error: route.errors.badToken, reason: 'bad_token' };
    return route.authorize(session, context) ?? { session };
  }

  /** Synchronous from the per-user check to the count, so two handshakes cannot both pass the limit. */
  #admit<Context>(
    route: SocketRoute<Context>,
    socket: WebSocket,
    tracked: Tracked,
    session: SocketSession,
  ): SocketClient | Refusal {
    const { metrics } = this.deps;
    const labels = { route: route.path };
    const userKey = `${route.path}|${session.userId}`;
    const userSockets = this.#byRouteUser.get(userKey) ?? new Set<WebSocket>();
    if (userSockets.size >= this.limits.maxSocketsPerUser)
      return { error: route.errors.tooMany, reason: 'user_limit' };
    this.#settleUnauthenticated(tracked);
    metrics.authenticated.inc(labels);
    userSockets.add(socket);
    this.#byRouteUser.set(userKey, userSockets);
    const client = new SocketClient(socket, session, this.deps.bus, this.limits, {
      sent: () => metrics.sent.inc(labels),
      dropped: () => metrics.dropped.inc(labels),
      conflated: () => metrics.conflated.inc(labels),
      refused: (reason) => metrics.refused.inc({ ...labels, reason }),
      terminated: (reason) => metrics.terminated.inc({ ...labels, reason }),
    });
    const stopWatching = this.#watch.watch(session, (reason) => client.refuse(route.errors.badToken, reason));
    socket.on('close', () => {
      stopWatching();
      client.dispose();
      metrics.authenticated.dec(labels);
      if (userSockets.delete(socket) && userSockets.size === 0) this.#byRouteUser.delete(userKey);
    });
    return client;
  }

  #track(socket: WebSocket, tracked: Tracked): void {
    const path = tracked.route;
    this.#tracked.set(socket, tracked);
    this.#unauthenticated += 1;
    this.#unauthenticatedByAddress.set(
      tracked.address,
      (this.#unauthenticatedByAddress.get(tracked.address) ?? 0) + 1,
    );
    this.deps.metrics.open.inc({ route: path });
    socket.on('pong', () => (tracked.alive = true));
    socket.on('close', () => {
      this.#tracked.delete(socket);
      this.#settleUnauthenticated(tracked);
      this.deps.metrics.open.dec({ route: path });
    });
  }

  /** The socket no longer counts as unauthenticated (it authenticated, or it closed). */
  #settleUnauthenticated(tracked: Tracked): void {
    if (!tracked.countedUnauthenticated) return;
    tracked.countedUnauthenticated = false;
    this.#unauthenticated -= 1;
    const count = (this.#unauthenticatedByAddress.get(tracked.address) ?? 1) - 1;
    if (count > 0) this.#unauthenticatedByAddress.set(tracked.address, count);
    else this.#unauthenticatedByAddress.delete(tracked.address);
  }

  /** A socket that has not answered the previous ping is gone (a dead peer never sends a close). */
  #beat(): void {
    for (const [socket, tracked] of this.#tracked) {
      if (!tracked.alive) {
        this.deps.metrics.terminated.inc({ route: tracked.route, reason: 'heartbeat' });
        socket.terminate();
        continue;
      }
      tracked.alive = false;
      socket.ping();
    }
  }
}
