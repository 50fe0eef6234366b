import { userSchema, type StaffRole, type User } from '@backlay/contracts';
import { createSessionStore, oneKey } from '@backlay/front-kit/session';

/**
 * The console keeps its own key in session storage: the player site on the same origin clears all of
 * session storage when a player signs out, and a staff sign-in must not pass for a player's session.
 */
export const CONSOLE_SESSION_KEY = 'backlay.console.session';

/** A staff member (with a role) or an agent of the network (docs/decisions/0287). */
export type StaffUser = User & ({ staffRole: StaffRole } | { role: 'agent'; staffRole?: undefined });

export interface StaffSession {
  token: string;
  user: StaffUser;
}

/** A stored user that is a staff member's or an agent's, or null. */
function readStaffUser(value: unknown): StaffUser | null {
  const user = userSchema.safeParse(value);
  if (!user.success) return null;
  const { staffRole, role } = user.data;
  if (staffRole) return { ...user.data, staffRole };
  return role === 'agent' ? { ...user.data, role, staffRole: undefined } : null;
}

const format = oneKey(CONSOLE_SESSION_KEY, readStaffUser);
const store = createSessionStore<StaffSession>(format);

/** The stored session, or null when it is missing, unreadable, or neither a staff member's nor an agent's. */
export const readStaffSession = format.read;
export const getStaffSession = store.get;
export const saveStaffSession = store.save;
export const clearStaffSession = store.clear;
export const useStaffSession = store.useSession;
