import { externalStore } from '../store/external-store.ts';

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

/** Stored JSON, or null when there is none or it is unreadable. */
const parseJson = (raw: string | null): unknown => {
  try {
    return JSON.parse(raw ?? 'null');
  } catch {
    return null;
  }
};

/**
 * The token and the user under keys of their own (the player site's spec: `token`, `user`). No token,
 * no session; an unreadable user is null, the token alone still grants access. Signing out clears
 * all of session storage, not only the two keys.
 */
export function tokenAndUserKeys<User>(
  tokenKey: string,
  userKey: string,
  readUser: (value: unknown) => User | null,
): SessionFormat<{ token: string; user: User | null }> {
  return {
    read(storage) {
      const token = storage.getItem(tokenKey);
      return token ? { token, user: readUser(parseJson(storage.getItem(userKey))) } : null;
    },
    write(storage, session) {
      storage.setItem(tokenKey, session.token);
      storage.setItem(userKey, JSON.stringify(session.user));
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
      const stored = parseJson(storage.getItem(key)) as { token?: unknown; user?: unknown } | null;
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

/** The tab's session, read from storage once, then kept in memory and told to its followers. */
export function createSessionStore<S>(format: SessionFormat<S>): SessionStore<S> {
  const store = externalStore<S | null>(() => {
    const storage = browserStorage();
    return storage ? format.read(storage) : null;
  });
  return {
    get: store.get,
    save(session) {
      const storage = browserStorage();
      if (storage) format.write(storage, session);
      store.set(session);
    },
    clear() {
      const storage = browserStorage();
      if (storage) format.erase(storage);
      store.set(null);
    },
    useSession: store.useValue,
  };
}
