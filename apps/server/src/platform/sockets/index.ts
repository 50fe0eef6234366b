/** Authenticated sockets: the one face the socket routes (balance, stream) use. */
export { DEFAULT_SOCKET_LIMITS, type RefusalReason, type SocketLimits } from './limits.ts';
export { socketErrorHandler } from './handshake.ts';
export { Serialized, SocketClient } from './socket-client.ts';
export { createSocketMetrics, type SocketMetrics } from './socket-metrics.ts';
export { SocketHub, type Refusal, type SocketErrorTexts, type SocketRoute } from './socket-hub.ts';
export type { SessionSource, SocketSession } from './session-watch.ts';
