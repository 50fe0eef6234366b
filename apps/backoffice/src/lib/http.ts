import { createHttpClient } from '@backlay/front-kit/http';
import { clearStaffSession, getStaffSession } from './staff-session.ts';

export { withQuery } from '@backlay/front-kit/http';

/**
 * Calls the portal's API with the staff member's bearer token. A 401 means the session ended (signed
 * out elsewhere, disabled, expired): the session is dropped and the gate returns to sign-in.
 */
export const http = createHttpClient({
  token: () => getStaffSession()?.token,
  onUnauthorized: clearStaffSession,
});

/** What to show for a failed call: the server's message where it gave one. */
export const failureText = (error: unknown): string =>
  error instanceof Error ? error.message : 'Something went wrong.';
