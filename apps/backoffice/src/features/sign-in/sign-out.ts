import { http } from '../../lib/http.ts';
import { clearStaffSession } from '../../lib/staff-session.ts';

/** Ends the session on the server, then here whatever the server said (it may already be gone). */
export async function signOut(): Promise<void> {
  try {
    await http('/api/logout', { method: 'POST', keepSessionOn401: true });
  } catch {
    // An expired or revoked session is signed out already.
  } finally {
    clearStaffSession();
  }
}
