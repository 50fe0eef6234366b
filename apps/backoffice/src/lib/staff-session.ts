import { useSyncExternalStore } from 'react';
import { userSchema, type StaffRole, type User } from '@backlay/contracts';

/**
 * The console keeps its own key in session storage: the player site on the same origin clears all of
 * session storage when a player signs out, and a staff sign-in must not pass for a player's session.
 */
export const CONSOLE_SESSION_KEY = 'backlay.console.session';

export interface StaffSession {
  token: string;
  user: User & { staffRole: StaffRole };
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored session, or null when it is missing, unreadable, or not a staff member's. */
export function readStaffSession(storage: KeyValueStorage): StaffSession | null {
  const raw = storage.getItem(CONSOLE_SESSION_KEY);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as { token?: unknown; user?: unknown };
    const user = userSchema.safeParse(stored.user);
    if (typeof stored.token !== 'string' || !user.success) return null;
    const { staffRole } = user.data;
    return staffRole ? { token: stored.token, user: { ...user.data, staffRole } } : null;
  } catch {
    return null;
  }
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let current: StaffSession | null | undefined;

function publish(next: StaffSession | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function getStaffSession(): StaffSession | null {
  if (current === undefined) {
    const storage = browserStorage();
    current = storage ? readStaffSession(storage) : null;
  }
  return current;
}

export function saveStaffSession(session: StaffSession): void {
  browserStorage()?.setItem(CONSOLE_SESSION_KEY, JSON.stringify(session));
  publish(session);
}

export function clearStaffSession(): void {
  browserStorage()?.removeItem(CONSOLE_SESSION_KEY);
  publish(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStaffSession(): StaffSession | null {
  return useSyncExternalStore(subscribe, getStaffSession, () => null);
}
