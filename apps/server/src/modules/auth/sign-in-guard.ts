import { setTimeout as sleepMs } from 'node:timers/promises';
import type { Sql } from '../../db/database.ts';
import { ok, reject, type Result } from '../../platform/rejections.ts';
import { DEFAULT_HASH_QUEUE_LIMITS, FairHashQueue, HashQueueFullError } from './hash-queue.ts';
import { LOGIN_LIMITS, type LoginLimits } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';
import { pruneEndedWindows } from './rate-limit.ts';

/** What one portal instance needs to evaluate sign-ins; every part can be replaced (tests count hashes). */
export type SignInGuard = {
  limits: LoginLimits;
  hashQueue: FairHashQueue;
  verify: (password: string, encoded: string) => Promise<boolean>;
  sleep: (delayMs: number) => Promise<void>;
  /** Best-effort cleanup of ended counter windows, at most once per interval per instance. */
  pruneCounters: (sql: Sql) => void;
  /** Sign-ins under way per address on this instance (see admitSignIn). */
  inProgressByAddress: Map<string, number>;
};

export type SignInOptions = Partial<Omit<SignInGuard, 'inProgressByAddress'>>;

const PRUNE_INTERVAL_MS = 60_000;

export const TOO_MANY_AT_ONCE =
  'Too many sign-in attempts from this address at once. Please try again in a moment.';
export const SIGN_IN_BUSY = 'Sign-in is busy right now. Please try again in a moment.';

function pruneAtMostEvery(intervalMs: number): (sql: Sql) => void {
  let lastPruneAtMs = 0;
  return (sql) => {
    const nowMs = Date.now();
    if (nowMs - lastPruneAtMs < intervalMs) return;
    lastPruneAtMs = nowMs;
    // A failed prune only leaves ended rows for the next one; it must never fail a sign-in.
    pruneEndedWindows(sql).catch(() => undefined);
  };
}

export function createSignInGuard(hashConcurrency: number, options: SignInOptions = {}): SignInGuard {
  return {
    limits: options.limits ?? LOGIN_LIMITS,
    hashQueue:
      options.hashQueue ?? new FairHashQueue({ ...DEFAULT_HASH_QUEUE_LIMITS, concurrency: hashConcurrency }),
    verify: options.verify ?? verifyPassword,
    sleep: options.sleep ?? ((delayMs) => sleepMs(delayMs)),
    pruneCounters: options.pruneCounters ?? pruneAtMostEvery(PRUNE_INTERVAL_MS),
    inProgressByAddress: new Map(),
  };
}

/**
 * Holds a place for one sign-in of this address from before any database work until its answer, so a
 * flood's surplus is refused at once instead of queuing its statements ahead of other sign-ins. The cap
 * is the hash queue's per-address cap: beyond it the attempt could not be hashed anyway.
 */
const tooManyAtOnce = () => reject('rate_limited', 'RATE_LIMITED', TOO_MANY_AT_ONCE, 1);

export function admitSignIn(guard: SignInGuard, address: string): Result<() => void> {
  const inProgress = guard.inProgressByAddress.get(address) ?? 0;
  if (inProgress >= guard.hashQueue.limits.maxPendingPerKey) return tooManyAtOnce();
  guard.inProgressByAddress.set(address, inProgress + 1);
  return ok(() => {
    const left = (guard.inProgressByAddress.get(address) ?? 1) - 1;
    if (left > 0) guard.inProgressByAddress.set(address, left);
    else guard.inProgressByAddress.delete(address);
  });
}

/**
 * Runs one password hash in the address's turn (addresses that tried less go first); a full queue
 * answers at once rather than waiting. Shedding load is the client's cue to come back, not a fault of
 * the portal: a full or slow queue answers 429 like the limits do, never a 5xx (0264).
 */
export async function hashInTurn<T>(
  guard: SignInGuard,
  turn: { address: string; addressAttempts: number },
  hash: () => Promise<T>,
): Promise<Result<T>> {
  try {
    return ok(await guard.hashQueue.run(turn.address, hash, turn.addressAttempts));
  } catch (error) {
    if (!(error instanceof HashQueueFullError)) throw error;
    if (error.scope === 'key') return tooManyAtOnce();
    return reject('rate_limited', 'BUSY', SIGN_IN_BUSY, 1);
  }
}
