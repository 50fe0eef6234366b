import { createHttpClient } from '@backlay/front-kit/http';
import { clearSession, getSession } from './session.ts';
import { onUnauthorized } from './unauthorized.ts';

export { ApiError } from '@backlay/front-kit/api-error';
export { ApiResponseError, type RequestOptions } from '@backlay/front-kit/http';

/**
 * Calls the portal server (paths start with `/api` or `/casino`) with the player's token; a 401
 * outside the login calls clears the session and leaves for /login.
 */
export const apiRequest = createHttpClient({
  token: () => getSession()?.token,
  onUnauthorized: () => {
    clearSession();
    onUnauthorized();
  },
});
