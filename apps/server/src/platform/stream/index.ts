/** The stream socket and the registry modules add their topic kinds to (docs/decisions/0105). */
export {
  StreamRegistry,
  type StreamSnapshot,
  type StreamTopicProvider,
  type StreamUpdate,
} from './registry.ts';
export {
  streamSocketRoutes,
  STREAM_PATH,
  STREAM_SOCKET_ERRORS,
  type StreamSocketDeps,
} from './stream-socket.ts';
export { DEFAULT_STREAM_LIMITS, STREAM_ERRORS, type StreamLimits } from './stream-subscriptions.ts';
