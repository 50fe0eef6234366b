import { idSchemaFor } from '@backlay/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { balanceTopic, socketPrice, type BalanceEvent, type WalletService } from './wallet-service.ts';
import type { SocketClient, SocketHub } from '../../platform/sockets/index.ts';

/** The socket's fixed texts and those of its limits (docs/decisions/0016, 0055). */
export const SOCKET_ERRORS = {
  badUserId: 'A valid userId query parameter is required.',
  noToken: 'No token was received in time.',
  badMessage: 'The first message must be JSON like {"token": "..."}.',
  badToken: 'Your session has expired or was signed out. Please sign in again.',
  otherUser: 'This token does not belong to this user.',
  noBalance: 'This account has no balance.',
  tooMany: 'Too many balance connections for this user.',
  full: 'The server has too many connections; please retry shortly.',
  busy: 'Too many connections are waiting to sign in; please retry shortly.',
  failed: 'Connection error',
} as const;

const userIdSchema = idSchemaFor('a player id');

/**
 * `GET /ws/balance?userId=<id>` (docs/decisions/0016): after open the client sends `{token}`; the server checks it
 * belongs to userId, then sends `{price: true, money, exposure}` at once and after every committed
 * change of that player's balance (delivered through the bus, so from any instance).
 */
/** What the balance socket uses, and nothing more. */
export type BalanceSocketDeps = { wallet: Pick<WalletService, 'balances'> };

export function balanceSocketRoutes(deps: BalanceSocketDeps, hub: SocketHub): FastifyPluginAsync {
  return async (app) => {
    hub.route<string>(app, {
      path: '/ws/balance',
      errors: SOCKET_ERRORS,
      accept(request) {
        const parsed = userIdSchema.safeParse((request.query as Record<string, unknown>).userId);
        return parsed.success
          ? { context: parsed.data }
          : { error: SOCKET_ERRORS.badUserId, reason: 'bad_request' };
      },
      authorize(session, userId) {
        if (session.userId !== userId) return { error: SOCKET_ERRORS.otherUser, reason: 'forbidden' };
        // Operators have no balance.
        return session.role === 'player' ? null : { error: SOCKET_ERRORS.noBalance, reason: 'forbidden' };
      },
      opened: (client, userId) => streamBalance(deps, client, userId),
    });
  };
}

type Balance = { cashMinor: bigint; exposureMinor: bigint; version: number };

const fromBus = (event: BalanceEvent): Balance => ({
  cashMinor: BigInt(event.cashMinor),
  exposureMinor: BigInt(event.exposureMinor),
  version: event.version,
});

/** Subscribes first, then reads, so no change can fall between the read and the subscription. */
async function streamBalance(deps: BalanceSocketDeps, client: SocketClient, userId: string): Promise<void> {
  let sentVersion = -1;
  let pending: BalanceEvent | null = null;
  const push = (balance: Balance) => {
    // Publications of two commits may arrive out of order; never show an older balance after a newer one.
    if (balance.version <= sentVersion) return;
    sentVersion = balance.version;
    // Keyed: a client that reads slowly gets the latest balance, not every one in between.
    client.send(socketPrice(balance), 'balance');
  };
  client.subscribe(balanceTopic(userId), (message) => {
    const event = JSON.parse(message) as BalanceEvent;
    if (sentVersion < 0) pending = !pending || event.version > pending.version ? event : pending;
    else push(fromBus(event));
  });
  const current = await deps.wallet.balances(userId);
  if (!current) return client.refuse(SOCKET_ERRORS.noBalance, 'forbidden');
  push({ ...current, version: Math.max(current.version, 0) });
  const waiting = pending as BalanceEvent | null;
  if (waiting) push(fromBus(waiting));
}
