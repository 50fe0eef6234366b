import type { LoginResponse } from '@backlay/contracts';
import type { StaffSession } from '../../lib/staff-session.ts';

export const STAFF_ONLY_MESSAGE = 'This console is for staff only.';

/** The console session a sign-in opens, or null when the account is neither staff nor an agent. */
export function staffSessionFrom(answer: LoginResponse): StaffSession | null {
  const { user, access_token: token } = answer;
  if (user.role === 'agent') return { token, user: { ...user, role: 'agent', staffRole: undefined } };
  if (user.role !== 'operator' || !user.staffRole) return null;
  return { token, user: { ...user, staffRole: user.staffRole } };
}
