import type { User } from '@backlay/contracts';
import { createSessionStore, tokenAndUserKeys } from '@backlay/front-kit/session';
import { readUser } from './response-guards.ts';

/** sessionStorage keys (apps/web/README.md, Session and access rules). */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export interface Session {
  token: string;
  /** Null when the stored user is missing or unreadable; the token alone still grants access. */
  user: User | null;
}

/** Sign out and rejected tokens clear all of session storage, not only the two keys. */
const store = createSessionStore<Session>(tokenAndUserKeys(TOKEN_KEY, USER_KEY, readUser));

export const getSession = store.get;
export const useSession = store.useSession;
export const clearSession = store.clear;

/** Stores a signed-in session (after login or demo login). */
export const saveSession = (token: string, user: User): void => store.save({ token, user });
