/** Put a limit on everything (docs/decisions/0016, 0055). */
export type SocketLimits = {
  /** Every socket, whatever its route, must authenticate within this time after it opens. */
  tokenTimeoutMs: number;
  /** The first message, `{token}`, is at most this long (frames are capped lower by the server). */
  maxMessageBytes: number;
  /** Authenticated sockets per user on one route of this instance. */
  maxSocketsPerUser: number;
  /** Open sockets on this instance, authenticated or not. */
  maxSocketsPerInstance: number;
  /** Sockets that have not authenticated yet, per remote address and in total. */
  maxUnauthenticatedPerAddress: number;
  maxUnauthenticatedPerInstance: number;
  /** A ping goes out this often; a socket that has not answered the previous one is terminated. */
  heartbeatEveryMs: number;
  /** Topics one socket may follow at a time. */
  maxSubscriptionsPerSocket: number;
  /** Above this many unsent bytes, messages with a key keep only the latest per key; others drop. */
  conflateAboveBytes: number;
  /** Above this many unsent bytes the client is not reading: terminate. */
  maxBufferedBytes: number;
  /** How often the open sessions are re-checked in one batched query, for an announcement lost on the way. */
  reconcileEveryMs: number;
};

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  tokenTimeoutMs: 5_000,
  maxMessageBytes: 1_024,
  maxSocketsPerUser: 5,
  maxSocketsPerInstance: 20_000,
  maxUnauthenticatedPerAddress: 20,
  maxUnauthenticatedPerInstance: 2_000,
  heartbeatEveryMs: 30_000,
  maxSubscriptionsPerSocket: 50,
  conflateAboveBytes: 64 * 1024,
  maxBufferedBytes: 256 * 1024,
  reconcileEveryMs: 60_000,
};

/** Why a socket was refused or ended; a small fixed set, so it can label a metric. */
export type RefusalReason =
  | 'bad_request'
  | 'no_token'
  | 'bad_message'
  | 'bad_token'
  | 'forbidden'
  | 'user_limit'
  | 'instance_limit'
  | 'address_limit'
  | 'unauthenticated_limit'
  | 'revoked'
  | 'expired'
  | 'error';

export type TerminationReason = 'heartbeat' | 'slow_reader';
