import { userSchema, type StaffRole, type User } from '@backlay/contracts';
import { createSessionStore, oneKey } from '@backlay/front-kit/session';

/**
 * The console keeps its own key in session storage: the player site on the same origin clears all of
 * session storage when a player signs out, and a staff sign-in must not pass for a player's session.
 */
export const CONSOLE_SESSION_KEY = 'backlay.console.session';

export type StaffUser = User & { staffRole: StaffRole };

export interface StaffSession {
  token: string;
  user: StaffUser;
}

/** A stored user that is a staff member's, or null. */
function readStaffUser(value: unknown): StaffUser | null {
  const user = userSchema.safeParse(value);
  const staffRole = user.data?.staffRole;
  return user.success && staffRole ? { ...user.data, staffRole } : null;
}

const format = oneKey(CONSOLE_SESSION_KEY, readStaffUser);
const store = createSessionStore<StaffSession>(format);

/** The stored session, or null when it is missing, unreadable, or not a staff member's. */
export const readStaffSession = format.read;
export const getStaffSession = store.get;
export const saveStaffSession = store.save;
export const clearStaffSession = store.clear;
export const useStaffSession = store.useSession;
