import { payoutMinor, type Hundredths } from '@backlay/fair';
import { points } from './limits.ts';

/**
 * The crash game's published growth curve (docs/decisions/0153): t ms after take-off the multiplier is
 * m(t) = e^(0.00006 · t), shown and paid in whole hundredths, rounded down. 2.00x comes after 11.55 s,
 * 10.00x after 38.38 s. The round ends the moment m reaches the crash point; a cash-out at that
 * multiplier or above it loses.
 */
export const CRASH_GROWTH_PER_MS = 0.00006;

/** Bets: 10.00 to 10,000.00; auto cash-out targets 1.01x to 1,000,000.00x; two bets a player a round. */
export const CRASH_MIN_STAKE_MINOR = points(10);
export const CRASH_MAX_STAKE_MINOR = points(10_000);
export const CRASH_MIN_AUTO_HUNDREDTHS = 101;
export const CRASH_MAX_AUTO_HUNDREDTHS = 100_000_000;
export const CRASH_MAX_BETS_PER_PLAYER = 2;

/** Phases at normal speed (TABLE_SPEED divides them; the growth curve never changes). */
export const CRASH_TIMINGS = { bettingMs: 7_000, crashedMs: 4_000 } as const;

/** m(t) in hundredths: ⌊100 · e^(0.00006 · t)⌋, never below 1.00x. */
export function multiplierAt(elapsedMs: number): Hundredths {
  if (!(elapsedMs > 0)) return 100;
  return Math.max(100, Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs)));
}

/** The first whole millisecond at which m(t) reaches `hundredths` (0 for 1.00x). */
export function elapsedToReach(hundredths: Hundredths): number {
  if (hundredths <= 100) return 0;
  let elapsedMs = Math.ceil(Math.log(hundredths / 100) / CRASH_GROWTH_PER_MS);
  // The logarithm is a double: step to the exact first millisecond the rounded curve reaches it.
  while (elapsedMs > 0 && multiplierAt(elapsedMs - 1) >= hundredths) elapsedMs -= 1;
  while (multiplierAt(elapsedMs) < hundredths) elapsedMs += 1;
  return elapsedMs;
}

export type CrashCashOut =
  | { readonly ok: true; readonly multiplierHundredths: Hundredths }
  | { readonly ok: false; readonly reason: 'ROUND_CRASHED' | 'ALREADY_CASHED_OUT' };

/**
 * A cash-out asked for `elapsedMs` after take-off. An auto target the curve has already passed wins at
 * the target (the bet was cashed out then); otherwise the current multiplier wins if it is still below
 * the crash point.
 */
export function cashOutAt(
  elapsedMs: number,
  crashHundredths: Hundredths,
  autoHundredths: Hundredths | null,
): CrashCashOut {
  const now = multiplierAt(elapsedMs);
  const autoDone = autoHundredths !== null && autoHundredths < crashHundredths && autoHundredths <= now;
  if (autoDone) return { ok: false, reason: 'ALREADY_CASHED_OUT' };
  if (now >= crashHundredths) return { ok: false, reason: 'ROUND_CRASHED' };
  return { ok: true, multiplierHundredths: now };
}

/** The multiplier a bet ends with: its cash-out, else its auto target when below the crash point, else none. */
export function finalMultiplier(
  crashHundredths: Hundredths,
  cashedOutHundredths: Hundredths | null,
  autoHundredths: Hundredths | null,
): Hundredths | null {
  if (cashedOutHundredths !== null) return cashedOutHundredths;
  if (autoHundredths !== null && autoHundredths < crashHundredths) return autoHundredths;
  return null;
}

/** What a crash bet returns (stake included), rounded down; 0 when it rode into the crash. */
export function crashReturnMinor(stakeMinor: bigint, multiplierHundredths: Hundredths | null): bigint {
  return multiplierHundredths === null ? 0n : payoutMinor(stakeMinor, multiplierHundredths);
}
