import { balanceSocketHelloSchema, type BalanceSocketMessage } from '@backlay/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { SESSIONS_REVOKED_TOPIC, type SessionRevocation } from '../modules/auth/session-cache.ts';
import { findSessionUser } from '../modules/auth/sessions-repo.ts';
import { hashToken } from '../modules/auth/tokens.ts';
import { balanceTopic, socketPrice, type BalanceEvent } from '../modules/wallet/wallet-service.ts';
import { SocketRegistry } from './socket-registry.ts';

/** Put a limit on everything (docs/decisions/0016). */
export type SocketLimits = {
  /** The client must send `{token}` within this time after the socket opens. */
  tokenTimeoutMs: number;
  maxMessageBytes: number;
  maxSocketsPerUser: number;
  maxSocketsPerInstance: number;
  /** How often an open socket re-checks its token, so sign-out and suspension close it. */
  recheckEveryMs: number;
  /** A client that does not read is dropped rather than buffered without bound. */
  maxBufferedBytes: number;
};

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  tokenTimeoutMs: 5_000,
  maxMessageBytes: 1_024,
  maxSocketsPerUser: 5,
  maxSocketsPerInstance: 20_000,
  recheckEveryMs: 30_000,
  maxBufferedBytes: 256 * 1024,
};

export const SOCKET_ERRORS = {
  badUserId: 'A valid userId query parameter is required.',
  noToken: 'No token was received in time.',
  badMessage: 'The first message must be JSON like {"token": "..."}.',
  badToken: 'Your session has expired or was signed out. Please sign in again.',
  otherUser: 'This token does not belong to this user.',
  noBalance: 'This account has no balance.',
  tooMany: 'Too many balance connections for this user.',
  full: 'The server has too many connections; please retry shortly.',
} as const;

const userIdSchema = z.string().uuid();

function send(socket: WebSocket, message: BalanceSocketMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/** Sends the server's error text and closes (1008 policy violation), as spec §7 describes. */
function refuse(socket: WebSocket, error: string): void {
  send(socket, { error });
  socket.close(1008, 'refused');
}

/**
 * `GET /ws/balance?userId=<id>` (spec §7): after open the client sends `{token}`; the server checks it
 * belongs to userId, then sends `{price: true, money, exposure}` at once and after every committed
 * change of that player's balance (delivered through the bus, so from any instance).
 */
export function balanceSocketRoutes(
  deps: AppDeps,
  limits: SocketLimits = DEFAULT_SOCKET_LIMITS,
): FastifyPluginAsync {
  return async (app) => {
    const registry = new SocketRegistry(limits);
    app.get('/ws/balance', { websocket: true }, (socket, request) => {
      const userId = (request.query as Record<string, unknown>).userId;
      if (!userIdSchema.safeParse(userId).success) return refuse(socket, SOCKET_ERRORS.badUserId);
      const timer = setTimeout(() => refuse(socket, SOCKET_ERRORS.noToken), limits.tokenTimeoutMs);
      let authenticating = false;
      socket.on('close', () => clearTimeout(timer));
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        if (authenticating) return; // Only the first message matters; later ones are ignored.
        authenticating = true;
        clearTimeout(timer);
        const token = readToken(data, isBinary, limits.maxMessageBytes);
        if (!token) return refuse(socket, SOCKET_ERRORS.badMessage);
        void authenticate(deps, token, userId as string)
          .then((problem) =>
            problem ? refuse(socket, problem) : stream(deps, registry, socket, userId as string, token),
          )
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'balance socket failed');
            refuse(socket, 'Connection error');
          });
      });
    });
  };
}

function readToken(data: Buffer, isBinary: boolean, maxBytes: number): string | null {
  if (isBinary || data.length > maxBytes) return null;
  try {
    const parsed = balanceSocketHelloSchema.safeParse(JSON.parse(data.toString('utf8')));
    return parsed.success && parsed.data.token.length <= 200 ? parsed.data.token : null;
  } catch {
    return null;
  }
}

async function authenticate(deps: AppDeps, token: string, userId: string): Promise<string | null> {
  const user = await findSessionUser(deps.db, token);
  if (!user) return SOCKET_ERRORS.badToken;
  if (user.id !== userId) return SOCKET_ERRORS.otherUser;
  return user.role === 'player' ? null : SOCKET_ERRORS.noBalance;
}

/** Subscribes first, then reads, so no change can fall between the read and the subscription. */
async function stream(
  deps: AppDeps,
  registry: SocketRegistry,
  socket: WebSocket,
  userId: string,
  token: string,
) {
  if (socket.readyState !== socket.OPEN) return;
  const refusal = registry.admit(userId, socket);
  if (refusal) return refuse(socket, refusal === 'user' ? SOCKET_ERRORS.tooMany : SOCKET_ERRORS.full);
  let sentVersion = -1;
  let pending: BalanceEvent | null = null;
  const push = (event: { cashMinor: bigint; exposureMinor: bigint; version: number }) => {
    // Publications of two commits may arrive out of order; never show an older balance after a newer one.
    if (event.version <= sentVersion) return;
    if (socket.bufferedAmount > registry.limits.maxBufferedBytes) return socket.terminate();
    sentVersion = event.version;
    send(socket, socketPrice(event));
  };
  const fromBus = (event: BalanceEvent) => ({
    cashMinor: BigInt(event.cashMinor),
    exposureMinor: BigInt(event.exposureMinor),
    version: event.version,
  });
  const unsubscribe = deps.bus.subscribe(balanceTopic(userId), (message) => {
    const event = JSON.parse(message) as BalanceEvent;
    if (sentVersion < 0) pending = !pending || event.version > pending.version ? event : pending;
    else push(fromBus(event));
  });
  // Sign-out and suspension close the socket at once, through the announcement the session cache hears;
  // the periodic recheck remains for expiry and for an announcement lost on the way.
  const tokenHash = hashToken(token);
  const stopRevocations = deps.bus.subscribe(SESSIONS_REVOKED_TOPIC, (message) => {
    const revoked = JSON.parse(message) as SessionRevocation;
    const mine = 'tokenHash' in revoked ? revoked.tokenHash === tokenHash : revoked.userId === userId;
    if (mine) refuse(socket, SOCKET_ERRORS.badToken);
  });
  const recheck = setInterval(() => {
    void findSessionUser(deps.db, token).then(
      (user) => user || refuse(socket, SOCKET_ERRORS.badToken),
      () => {},
    );
  }, registry.limits.recheckEveryMs);
  socket.on('close', () => {
    unsubscribe();
    stopRevocations();
    clearInterval(recheck);
    registry.release(userId, socket);
  });
  const current = await deps.wallet.balances(userId);
  if (!current) return refuse(socket, SOCKET_ERRORS.noBalance);
  push({ ...current, version: Math.max(current.version, 0) });
  const waiting = pending as BalanceEvent | null;
  if (waiting) push(fromBus(waiting));
}
