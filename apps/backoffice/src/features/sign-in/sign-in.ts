import { loginResponseSchema } from '@backlay/contracts';
import { ApiError } from '@backlay/front-kit/api-error';
import { http } from '../../lib/http.ts';
import { saveStaffSession } from '../../lib/staff-session.ts';
import { STAFF_ONLY_MESSAGE, staffSessionFrom } from './staff-only.ts';

/**
 * Signs a staff member in. A player's correct credentials still open a player session on the
 * server: it is ended at once, so a refused sign-in leaves nothing behind.
 */
export async function signIn(email: string, password: string): Promise<void> {
  const answer = await http('/api/loginUser', {
    method: 'POST',
    body: { email, password },
    schema: loginResponseSchema,
    keepSessionOn401: true,
  });
  const session = staffSessionFrom(answer);
  if (!session) {
    await http('/api/logout', { method: 'POST', token: answer.access_token, keepSessionOn401: true }).catch(
      () => undefined,
    );
    throw new ApiError(403, STAFF_ONLY_MESSAGE, 'Forbidden', 'STAFF_ONLY');
  }
  saveStaffSession(session);
}
