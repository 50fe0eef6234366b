/** Banner carousel constants (apps/web/README.md, Layout; docs/decisions/0088). */
export const CAROUSEL_INTERVAL_MS = 5000;
export const SWIPE_THRESHOLD_PX = 40;
export const SLIDE_COUNT = 3;

/** Wraps any integer into `0..count-1`. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/**
 * The step a horizontal drag makes: a drag of at least the threshold to the left shows the next
 * slide (+1), to the right the previous one (-1); shorter drags (taps) change nothing.
 */
export function swipeStep(
  startX: number,
  endX: number,
  thresholdPx: number = SWIPE_THRESHOLD_PX,
): -1 | 0 | 1 {
  const dx = endX - startX;
  if (dx <= -thresholdPx) return 1;
  if (dx >= thresholdPx) return -1;
  return 0;
}

/** Why the slides might be held still (WCAG 2.2.2: moving content can be paused). */
export interface CarouselHolds {
  /** The player pressed Pause. */
  paused: boolean;
  /** A mouse pointer is over the carousel. */
  hovered: boolean;
  /** Keyboard focus is inside the carousel. */
  focused: boolean;
}

/** Slides advance on their own only while nothing holds them. */
export function isRotating(holds: CarouselHolds): boolean {
  return !holds.paused && !holds.hovered && !holds.focused;
}
