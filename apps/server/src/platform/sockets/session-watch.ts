import type { Bus } from '../../lib/bus.ts';

/** The session behind an authenticated socket. */
export type SocketSession = { userId: string; role: string; tokenHash: string; expiresAtMs: number };

/** Where sockets read sessions; the auth module provides it (modules/auth/session-source.ts). */
export interface SessionSource {
  /** The live session behind a token (unexpired, unrevoked, active user), or undefined. */
  find(token: string): Promise<SocketSession | undefined>;
  /** Of these token hashes, those whose sessions are still live. */
  live(tokenHashes: readonly string[]): Promise<Set<string>>;
  /** Bus topic announcing `{tokenHash}` (sign-out) or `{userId}` (every session of a user). */
  readonly revocationTopic: string;
}

export type EndReason = 'revoked' | 'expired';

type Watched = { session: SocketSession; end(reason: EndReason): void; timer?: NodeJS.Timeout };

// setTimeout fires at once beyond 2^31−1 ms (24.8 days); sessions may live 30 days, so re-arm.
const MAX_TIMER_MS = 2 ** 31 - 1;
const RECONCILE_BATCH = 500;

function addTo(index: Map<string, Set<Watched>>, key: string, watched: Watched): void {
  const set = index.get(key) ?? new Set<Watched>();
  set.add(watched);
  index.set(key, set);
}

function removeFrom(index: Map<string, Set<Watched>>, key: string, watched: Watched): void {
  const set = index.get(key);
  if (set?.delete(watched) && set.size === 0) index.delete(key);
}

/**
 * Ends authenticated sockets whose session ends, with ONE bus subscription per process (not one per
 * socket): open sockets are indexed by token hash and by user id; each is ended at its session's expiry;
 * and a batched query every `reconcileEveryMs` catches an announcement lost on the way (Redis pub/sub
 * is at-most-once) at a cost of one query per 500 sockets instead of one per socket.
 */
export class SessionWatch {
  readonly #byToken = new Map<string, Set<Watched>>();
  readonly #byUser = new Map<string, Set<Watched>>();
  readonly #unsubscribe: () => void;
  readonly #reconcileTimer: NodeJS.Timeout;
  #reconciling = false;

  constructor(
    bus: Bus,
    private readonly source: SessionSource,
    reconcileEveryMs: number,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.#unsubscribe = bus.subscribe(source.revocationTopic, (message) => this.#onRevocation(message));
    this.#reconcileTimer = setInterval(() => void this.reconcile(), reconcileEveryMs);
    this.#reconcileTimer.unref();
  }

  get size(): number {
    let total = 0;
    for (const set of this.#byToken.values()) total += set.size;
    return total;
  }

  /** Calls `end` once when the session is revoked or expires; answers a function that stops watching. */
  watch(session: SocketSession, end: (reason: EndReason) => void): () => void {
    let ended = false;
    const watched: Watched = {
      session,
      end: (reason) => {
        if (ended) return;
        ended = true;
        forget();
        end(reason);
      },
    };
    const forget = () => {
      clearTimeout(watched.timer);
      removeFrom(this.#byToken, session.tokenHash, watched);
      removeFrom(this.#byUser, session.userId, watched);
    };
    addTo(this.#byToken, session.tokenHash, watched);
    addTo(this.#byUser, session.userId, watched);
    this.#armExpiry(watched);
    return forget;
  }

  /** Re-reads every watched session in batches and ends those no longer live. */
  async reconcile(): Promise<void> {
    if (this.#reconciling) return;
    this.#reconciling = true;
    try {
      const hashes = [...this.#byToken.keys()];
      for (let i = 0; i < hashes.length; i += RECONCILE_BATCH) {
        const batch = hashes.slice(i, i + RECONCILE_BATCH);
        const live = await this.source.live(batch);
        for (const hash of batch) if (!live.has(hash)) this.#end(this.#byToken.get(hash), 'revoked');
      }
    } catch {
      // The database is unreachable: try again next round rather than close every socket.
    } finally {
      this.#reconciling = false;
    }
  }

  close(): void {
    this.#unsubscribe();
    clearInterval(this.#reconcileTimer);
    for (const set of this.#byToken.values()) for (const watched of set) clearTimeout(watched.timer);
    this.#byToken.clear();
    this.#byUser.clear();
  }

  #armExpiry(watched: Watched): void {
    const remainingMs = watched.session.expiresAtMs - this.nowMs();
    if (remainingMs <= 0) return watched.end('expired');
    watched.timer = setTimeout(() => this.#armExpiry(watched), Math.min(remainingMs, MAX_TIMER_MS));
    watched.timer.unref();
  }

  #onRevocation(message: string): void {
    let revocation: Partial<{ tokenHash: unknown; userId: unknown }>;
    try {
      revocation = JSON.parse(message) as typeof revocation;
    } catch {
      void this.reconcile(); // Unreadable: ask the database which sessions are still live.
      return;
    }
    if (typeof revocation.tokenHash === 'string')
      this.#end(this.#byToken.get(revocation.tokenHash), 'revoked');
    if (typeof revocation.userId === 'string') this.#end(this.#byUser.get(revocation.userId), 'revoked');
  }

  #end(set: Set<Watched> | undefined, reason: EndReason): void {
    for (const watched of [...(set ?? [])]) watched.end(reason);
  }
}
