export { connectStream, DEFAULT_HEARTBEAT_MS } from './connect-stream.ts';
export { loginForSession, LoginRefused } from './login.ts';
export { reconnectDelayMs, DEFAULT_RECONNECT } from './backoff.ts';
export { MAX_LINE_BYTES } from './line-splitter.ts';
export { openTlsSocket } from './socket.ts';
export type {
  JsonMessage,
  LoginSettings,
  ReconnectSettings,
  SocketFactory,
  SocketTarget,
  StreamClocks,
  StreamConnection,
  StreamMarketDataFilter,
  StreamMarketFilter,
  StreamOptions,
  StreamState,
  StreamStatus,
  TlsSettings,
} from './options.ts';
