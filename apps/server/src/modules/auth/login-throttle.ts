import type { Sql } from '../../db/database.ts';
import { ok, reject, type Result } from '../../platform/rejections.ts';
import { reserve, type CounterKey, type Reservation } from './rate-limit.ts';

/** Sign-in allowances and the account-wide slow-down; the figures and their reasons are in 0040. */
export type LoginLimits = {
  windowSeconds: number;
  /** Attempts one address may make on one account per window (the only hard limit an account has). */
  attemptsPerAccountAddress: number;
  /** Attempts one address may make over all accounts per window. */
  attemptsPerAddress: number;
  /** Account-wide attempts per window before each further attempt is slowed down. */
  accountFreeAttempts: number;
  accountDelayBaseMs: number;
  /** The longest slow-down: the owner signing in from another address always gets in within this. */
  accountDelayCapMs: number;
};

export const LOGIN_LIMITS: LoginLimits = {
  windowSeconds: 15 * 60,
  attemptsPerAccountAddress: 5,
  attemptsPerAddress: 20,
  accountFreeAttempts: 5,
  accountDelayBaseMs: 250,
  accountDelayCapMs: 2000,
};

export const tooManyLoginsMessage = (retryAfterSeconds: number): string => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

/** Delay before the attempt numbered `accountAttempts` (1-based, this window) is evaluated: 0, then doubling to the cap. */
export function accountDelayMs(accountAttempts: number, limits: LoginLimits): number {
  const over = accountAttempts - limits.accountFreeAttempts;
  if (over <= 0) return 0;
  // Exponent bounded so the arithmetic stays exact however large the count grows.
  return Math.min(limits.accountDelayCapMs, limits.accountDelayBaseMs * 2 ** Math.min(over - 1, 30));
}

// A space cannot occur in a valid email, so address and email never run together ambiguously.
const pairKey = (email: string, address: string) => `login:pair:${address} ${email}`;
const addressKey = (address: string) => `login:addr:${address}`;
const accountKey = (email: string) => `login:acct:${email}`;

export type LoginReservation = {
  reservations: Reservation[];
  delayMs: number;
  /** The address's attempts this window, this one included: how much it has tried, for the hash queue. */
  addressAttempts: number;
};

/**
 * Counts the attempt BEFORE the password is hashed, one statement per step, so a burst can never have
 * more attempts evaluated than the allowance. Over a limit: 429 with the seconds until the window frees.
 * Only attempts that will be evaluated feed the account-wide counter (refused ones teach a guesser nothing).
 * `onLockedOut` hears of the attempt that first goes over a limit in its window.
 */
export async function reserveLoginAttempt(
  sql: Sql,
  limits: LoginLimits,
  attempt: { email: string; address: string },
  onLockedOut: () => Promise<void> = async () => undefined,
): Promise<Result<LoginReservation>> {
  const windowSeconds = limits.windowSeconds;
  const allowances = new Map<string, number>([
    [pairKey(attempt.email, attempt.address), limits.attemptsPerAccountAddress],
    [addressKey(attempt.address), limits.attemptsPerAddress],
  ]);
  const keys: CounterKey[] = [...allowances.keys()].map((key) => ({ key, windowSeconds }));
  const local = await reserve(sql, keys);
  if (local.length !== keys.length) throw new Error('sign-in counters missing');
  const over = local.filter((counter) => counter.count > (allowances.get(counter.key) ?? 0));
  if (over.length > 0) {
    // The attempt that first goes over a limit this window is the one the account's history keeps.
    if (over.some((counter) => counter.count === (allowances.get(counter.key) ?? 0) + 1)) await onLockedOut();
    const retryAfterSeconds = Math.max(1, ...over.map((counter) => counter.retryAfterSeconds));
    return reject('rate_limited', 'RATE_LIMITED', tooManyLoginsMessage(retryAfterSeconds), retryAfterSeconds);
  }
  const [account] = await reserve(sql, [{ key: accountKey(attempt.email), windowSeconds }]);
  if (!account) throw new Error('sign-in account counter missing');
  return ok({
    reservations: [...local, account],
    delayMs: accountDelayMs(account.count, limits),
    addressAttempts: local.find((counter) => counter.key === addressKey(attempt.address))?.count ?? 0,
  });
}
