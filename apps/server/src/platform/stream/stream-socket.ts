import { streamSubscribeSchema, streamUnsubscribeSchema } from '@backlay/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { SocketClient, SocketErrorTexts, SocketHub } from '../sockets/index.ts';
import type { StreamRegistry } from './registry.ts';
import {
  DEFAULT_STREAM_LIMITS,
  StreamSubscriptions,
  type StreamLimits,
  type StreamLog,
} from './stream-subscriptions.ts';

export const STREAM_PATH = '/ws/stream';

/** Texts of a refused stream socket (it then closes); the handshake is the balance socket's. */
export const STREAM_SOCKET_ERRORS: SocketErrorTexts = {
  noToken: 'No token was received in time.',
  badMessage: 'The first message must be JSON like {"token": "..."}.',
  badToken: 'Your session has expired or was signed out. Please sign in again.',
  tooMany: 'Too many stream connections for this user.',
  full: 'The server has too many connections; please retry shortly.',
  busy: 'Too many connections are waiting to sign in; please retry shortly.',
  failed: 'Connection error',
};

export type StreamSocketDeps = {
  streams: StreamRegistry;
  log: StreamLog;
  limits?: Partial<StreamLimits>;
  /** Counts a malformed frame (the sockets' client-fault metric). */
  onMalformed?: () => void;
};

/**
 * `GET /ws/stream` (docs/decisions/0105): `{token}` first, `{ready: true}` back; then `{sub: kind, id?}`
 * answers the topic's snapshot and streams its changes, `{unsub: kind, id?}` stops them. A refused
 * subscription is an `{error, code}` message; the socket stays open.
 */
export function streamSocketRoutes(deps: StreamSocketDeps, hub: SocketHub): FastifyPluginAsync {
  const limits = { ...DEFAULT_STREAM_LIMITS, ...deps.limits };
  limits.maxSubscriptions = Math.min(limits.maxSubscriptions, hub.limits.maxSubscriptionsPerSocket);
  const sessions = new WeakMap<SocketClient, StreamSubscriptions>();
  const subscriptionsOf = (client: SocketClient) => {
    let found = sessions.get(client);
    if (!found) {
      found = new StreamSubscriptions(client, deps.streams, limits, deps.log);
      sessions.set(client, found);
    }
    return found;
  };
  return async (app) => {
    hub.route<null>(app, {
      path: STREAM_PATH,
      errors: STREAM_SOCKET_ERRORS,
      accept: () => ({ context: null }),
      // Public topics are for every signed-in session; private ones check in their provider.
      authorize: () => null,
      opened(client) {
        subscriptionsOf(client);
        client.send({ ready: true });
      },
      message(client, data) {
        const subscriptions = subscriptionsOf(client);
        const subscribe = streamSubscribeSchema.safeParse(data);
        if (subscribe.success) return void subscriptions.subscribe(subscribe.data.sub, subscribe.data.id);
        const unsubscribe = streamUnsubscribeSchema.safeParse(data);
        if (unsubscribe.success)
          return subscriptions.unsubscribe(unsubscribe.data.unsub, unsubscribe.data.id);
        // A client's fault: one debug line, the socket stays open (docs/decisions/0058).
        deps.onMalformed?.();
        deps.log.debug({ userId: client.userId }, 'stream frame ignored: not a subscription');
      },
    });
  };
}
