import { replayDelayMs } from '@backlay/betfair-stream';

/**
 * When each replayed line is due on the wall clock: the gap between two lines' publish times divided
 * by the speed (idle gaps cut to maxGapMs), counted from when the last line was due, so a batch that
 * ran late is caught up rather than stretching the replay. A restart, a resume or a new speed starts
 * counting from now.
 */
export class ReplayPacing {
  #lastPt: number | null = null;
  #lastDueAtMs: number;

  constructor(
    private speed: number,
    private readonly maxGapMs: number | null,
    private readonly nowMs: () => number,
  ) {
    this.#lastDueAtMs = nowMs();
  }

  dueAtMs(pt: number): number {
    if (this.#lastPt === null) return this.#lastDueAtMs;
    const options =
      this.maxGapMs === null ? { speed: this.speed } : { speed: this.speed, maxGapMs: this.maxGapMs };
    return this.#lastDueAtMs + replayDelayMs(this.#lastPt, pt, options);
  }

  /** A line with this publish time was applied, due at `dueAtMs`. */
  applied(pt: number, dueAtMs: number): void {
    this.#lastPt = pt;
    this.#lastDueAtMs = dueAtMs;
  }

  /** How far behind its schedule the replay runs now, in ms. */
  lagMs(): number {
    return Math.max(0, this.nowMs() - this.#lastDueAtMs);
  }

  restartFromNow(speed = this.speed): void {
    this.speed = speed;
    this.#lastDueAtMs = this.nowMs();
  }
}
