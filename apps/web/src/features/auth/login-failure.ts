import { ApiError } from '@backlay/front-kit/api-error';

export const LOGIN_FAILURE_TEXT =
  'Authentication attempt has failed, likely due to invalid credentials. Please verify and try again.';
export const SERVER_UNREACHABLE_TEXT = 'The server could not be reached. Please try again.';

/** The text shown under the login form for a failed login or demo login. */
export function loginFailureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return LOGIN_FAILURE_TEXT;
    // 429 (rate limit), 400 (bad input), 403 (a self-exclusion and its end) carry words for the player.
    if (error.serverMessage && error.status < 500) return error.serverMessage;
    return LOGIN_FAILURE_TEXT;
  }
  if (error instanceof TypeError) return SERVER_UNREACHABLE_TEXT;
  return LOGIN_FAILURE_TEXT;
}
