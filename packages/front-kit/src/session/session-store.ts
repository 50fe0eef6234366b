import { useSyncExternalStore } from 'react';

/**
 * How an app keeps its session in session storage: under which key or keys, and what signing out
 * removes. The player site and the console share an origin, so each keeps its own keys.
 */
export interface SessionFormat<S> {
  /** The stored session; null when it is missing or unreadable. */
  read(storage: Pick<Storage, 'getItem'>): S | null;
  write(storage: Pick<Storage, 'setItem'>, session: S): void;
  erase(storage: Pick<Storage, 'removeItem' | 'clear'>): void;
}

const parseJson = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
};

/**
 * The token and the user under keys of their own (the player site's spec: `token`, `user`). No token,
 * no session; an unreadable user is null, the token alone still grants access. Signing out clears
 * all of session storage, not only the two keys.
 */
export function tokenAndUserKeys<User>(
  keys: { token: string; user: string },
  readUser: (value: unknown) => User | null,
): SessionFormat<{ token: string; user: User | null }> {
  return {
    read(storage) {
      const token = storage.getItem(keys.token);
      if (!token) return null;
      const raw = storage.getItem(keys.user);
      return { token, user: raw === null ? null : readUser(parseJson(raw)) };
    },
    write(storage, { token, user }) {
      storage.setItem(keys.token, token);
      storage.setItem(keys.user, JSON.stringify(user));
    },
    erase: (storage) => storage.clear(),
  };
}

/** `{token, user}` as JSON under one key, which is all signing out removes; null without a user. */
export function oneKey<User>(
  key: string,
  readUser: (value: unknown) => User | null,
): SessionFormat<{ token: string; user: User }> {
  return {
    read(storage) {
      const raw = storage.getItem(key);
      const stored = raw ? (parseJson(raw) as { token?: unknown; user?: unknown } | null) : null;
      const user = stored ? readUser(stored.user) : null;
      return user && typeof stored?.token === 'string' ? { token: stored.token, user } : null;
    },
    write: (storage, session) => storage.setItem(key, JSON.stringify(session)),
    erase: (storage) => storage.removeItem(key),
  };
}

export interface SessionStore<S> {
  get(): S | null;
  save(session: S): void;
  clear(): void;
  /** The session, re-rendering when it is saved or cleared. */
  useSession(): S | null;
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The tab's session, read from storage once, then kept in memory and told to subscribers. */
export function createSessionStore<S>(format: SessionFormat<S>): SessionStore<S> {
  const listeners = new Set<() => void>();
  let current: S | null | undefined;
  const publish = (next: S | null) => {
    current = next;
    for (const listener of listeners) listener();
  };
  const get = (): S | null => {
    if (current === undefined) {
      const storage = browserStorage();
      current = storage ? format.read(storage) : null;
    }
    return current;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    get,
    save(session) {
      const storage = browserStorage();
      if (storage) format.write(storage, session);
      publish(session);
    },
    clear() {
      const storage = browserStorage();
      if (storage) format.erase(storage);
      publish(null);
    },
    useSession: () => useSyncExternalStore(subscribe, get, () => null),
  };
}
