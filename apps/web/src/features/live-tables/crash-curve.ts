/**
 * The crash multiplier drawn in the browser. The server publishes the curve (m(t) = e^(growthPerMs · t)
 * from `startedAt`) instead of a tick per frame, so the plane climbs smoothly at any frame rate and the
 * socket stays quiet; the server's clock offset keeps every player on the same multiplier.
 */

/** m(t) in whole hundredths, rounded down as the server pays it, never below 1.00x. */
export function multiplierHundredthsAt(elapsedMs: number, growthPerMs: number): number {
  if (!(elapsedMs > 0)) return 100;
  return Math.max(100, Math.floor(100 * Math.exp(growthPerMs * elapsedMs)));
}

/** The multiplier shown now for a running round, capped at the crash point once it is known. */
export function liveMultiplier(
  round: { startedAt: string; growthPerMs: number; crashPoint: number | null },
  nowMs: number,
  offsetMs: number,
): number {
  const startedMs = Date.parse(round.startedAt);
  if (!Number.isFinite(startedMs)) return 1;
  const hundredths = multiplierHundredthsAt(nowMs + offsetMs - startedMs, round.growthPerMs);
  const capped =
    round.crashPoint === null ? hundredths : Math.min(hundredths, Math.round(round.crashPoint * 100));
  return capped / 100;
}

/** "2.35x": multipliers always with two decimals. */
export function formatMultiplier(multiplier: number): string {
  return `${(Math.floor(multiplier * 100 + 1e-6) / 100).toFixed(2)}x`;
}

/** An auto cash-out target as typed: 1.01 to 1,000,000.00 with two decimals at most, else null. */
export function parseAutoCashOut(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1.01 && value <= 1_000_000 ? value : null;
}

export type CashOutRace = 'WON' | 'LOST';

/**
 * A cash-out sent while the plane was in the air races the crash. ROUND_CRASHED means the crash got
 * there first; a cash-out answered with a multiplier won, whatever the screen showed at the click.
 */
export function cashOutRace(answer: { ok: true } | { ok: false; code: string | null }): CashOutRace | null {
  if (answer.ok) return 'WON';
  return answer.code === 'ROUND_CRASHED' ? 'LOST' : null;
}
