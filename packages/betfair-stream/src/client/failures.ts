/**
 * What the client does after a `status` FAILURE, by its errorCode:
 * - 'fatal': asking again cannot succeed (the key, the session, the request itself): state failed.
 * - 'relogin': the session ended; with `login` configured, a new one is fetched before reconnecting.
 * - 'fresh': the clocks were refused; reconnect without them (the image that follows replaces the cache).
 * - 'retry': anything else (TIMEOUT, UNEXPECTED_ERROR, limits on connections…): reconnect after a delay.
 */
export type FailureAction = 'fatal' | 'relogin' | 'fresh' | 'retry';

const SESSION_ENDED = new Set(['NO_SESSION', 'INVALID_SESSION_INFORMATION']);
const FATAL = new Set([
  'NO_APP_KEY',
  'INVALID_APP_KEY',
  'NOT_AUTHORIZED',
  'INVALID_INPUT',
  'INVALID_REQUEST',
  'SUBSCRIPTION_LIMIT_EXCEEDED',
]);

export function actionOfFailure(errorCode: string, canLogin: boolean): FailureAction {
  if (SESSION_ENDED.has(errorCode)) return canLogin ? 'relogin' : 'fatal';
  if (FATAL.has(errorCode)) return 'fatal';
  if (errorCode === 'INVALID_CLOCK') return 'fresh';
  return 'retry';
}
