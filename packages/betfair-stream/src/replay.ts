/** Replay runs between real time (1) and ten thousand times faster. */
export const MIN_REPLAY_SPEED = 1;
export const MAX_REPLAY_SPEED = 10_000;

export interface ReplayPace {
  /** How many times faster than recorded; clamped to 1..10000. */
  speed: number;
  /** Longest pause taken from the recording (a market lies quiet for hours before the off). */
  maxGapMs?: number;
}

/**
 * How long to wait before replaying a line published at `pt`, after one published at `previousPt`:
 * the recorded gap, capped at `maxGapMs`, divided by the speed. No wait for the first line or for a
 * publish time that goes backwards (recordings merged from several connections do).
 */
export function replayDelayMs(previousPt: number | null, pt: number, options: ReplayPace): number {
  if (previousPt === null || !Number.isFinite(previousPt) || !Number.isFinite(pt) || pt <= previousPt)
    return 0;
  const gapMs = pt - previousPt;
  const maxGapMs = options.maxGapMs;
  const cappedMs = maxGapMs !== undefined && maxGapMs >= 0 ? Math.min(gapMs, maxGapMs) : gapMs;
  return cappedMs / clampSpeed(options.speed);
}

function clampSpeed(speed: number): number {
  if (!Number.isFinite(speed)) return speed === Infinity ? MAX_REPLAY_SPEED : MIN_REPLAY_SPEED;
  return Math.min(MAX_REPLAY_SPEED, Math.max(MIN_REPLAY_SPEED, speed));
}
