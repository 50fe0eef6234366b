import type { Bus } from '../../lib/bus.ts';
import type { UserRow } from './users-repo.ts';

/**
 * Bus topic on which every instance hears that sessions were revoked (sign-out, suspension). Carries
 * the token's hash or the user id, never a token.
 */
export const SESSIONS_REVOKED_TOPIC = 'sessions:revoked';

export type SessionRevocation = { tokenHash: string } | { userId: string };

/** Call only after the revocation has committed, so no instance can re-read the session as live. */
export async function announceRevocation(
  bus: Pick<Bus, 'publish'>,
  revocation: SessionRevocation,
): Promise<void> {
  await bus.publish(SESSIONS_REVOKED_TOPIC, JSON.stringify(revocation));
}

export type SessionCacheLimits = { ttlMs: number; maxEntries: number };

/** Short enough that a lost bus message (Redis pub/sub is at-most-once) heals within seconds. */
export const DEFAULT_SESSION_CACHE_LIMITS: SessionCacheLimits = { ttlMs: 5_000, maxEntries: 10_000 };

type Entry = { user: UserRow; expiresAtMs: number };

/**
 * Token hash → live user for a few seconds, so an authenticated request costs no database round trip
 * (docs/decisions/0019). Revocations arrive over the bus and drop entries at once on every instance. A
 * lookup that was in flight when a revocation arrived may have read the session before the revocation
 * committed, so its answer is used once but not cached (`generation`).
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #unsubscribe: () => void;
  #generation = 0;

  constructor(
    bus: Bus,
    readonly limits: SessionCacheLimits = DEFAULT_SESSION_CACHE_LIMITS,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.#unsubscribe = bus.subscribe(SESSIONS_REVOKED_TOPIC, (message) => this.#revoke(message));
  }

  /** Bumped by every revocation; pass the value read before a lookup to `remember`. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(tokenHash: string): UserRow | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.expiresAtMs > this.nowMs()) return entry.user;
    this.#entries.delete(tokenHash);
    return undefined;
  }

  /** Caches a live session until the TTL or the session's own expiry, whichever is sooner. */
  remember(tokenHash: string, user: UserRow, sessionExpiresAtMs: number, generation: number): void {
    if (generation !== this.#generation) return;
    const expiresAtMs = Math.min(this.nowMs() + this.limits.ttlMs, sessionExpiresAtMs);
    this.#entries.delete(tokenHash);
    // Maps iterate in insertion order, so the first key is the oldest entry.
    while (this.#entries.size >= this.limits.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
    this.#entries.set(tokenHash, { user, expiresAtMs });
  }

  close(): void {
    this.#unsubscribe();
    this.#entries.clear();
  }

  #revoke(message: string): void {
    this.#generation += 1;
    let revocation: Partial<{ tokenHash: string; userId: string }>;
    try {
      revocation = JSON.parse(message) as typeof revocation;
    } catch {
      // Unreadable: drop everything rather than risk serving a revoked session.
      this.#entries.clear();
      return;
    }
    if (revocation.tokenHash) this.#entries.delete(revocation.tokenHash);
    if (revocation.userId) {
      for (const [tokenHash, entry] of this.#entries) {
        if (entry.user.id === revocation.userId) this.#entries.delete(tokenHash);
      }
    }
  }
}
