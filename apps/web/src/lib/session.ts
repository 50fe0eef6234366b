import { useSyncExternalStore } from 'react';
import type { User } from '@backlay/contracts';
import { readUser } from './response-guards.ts';

/** sessionStorage keys (apps/web/README.md, Session and access rules). */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export interface Session {
  token: string;
  /** Null when the stored user is missing or unreadable; the token alone still grants access. */
  user: User | null;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'clear'>;

/** Reads the session from storage; no token means no session. */
export function readSession(storage: KeyValueStorage): Session | null {
  const token = storage.getItem(TOKEN_KEY);
  if (!token) return null;
  return { token, user: parseUser(storage.getItem(USER_KEY)) };
}

export function parseUser(raw: string | null): User | null {
  if (raw === null) return null;
  try {
    return readUser(JSON.parse(raw));
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
let current: Session | null = null;
let loaded = false;

function notify(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  if (!loaded) {
    const storage = browserStorage();
    current = storage ? readSession(storage) : null;
    loaded = true;
  }
  return current;
}

/** Stores a signed-in session (after login or demo login). */
export function saveSession(token: string, user: User): void {
  const storage = browserStorage();
  storage?.setItem(TOKEN_KEY, token);
  storage?.setItem(USER_KEY, JSON.stringify(user));
  current = { token, user };
  loaded = true;
  notify();
}

/** Sign out and rejected tokens clear all of session storage, not only the two keys. */
export function clearSession(): void {
  browserStorage()?.clear();
  current = null;
  loaded = true;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}
