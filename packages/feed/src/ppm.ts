/** Probabilities leave the feed as integer parts per million that sum to exactly one million. */
export const PPM_TOTAL = 1_000_000;
/** No runner is ever priced at zero or certainty while a market is live (ladder ends at 1.01 / 1000). */
export const MIN_RUNNER_PPM = 1_000;

/**
 * Largest-remainder rounding of non-negative weights to integers summing to PPM_TOTAL. Entries
 * whose share would fall under `floorPpm` are raised to it and the rest share what is left in
 * proportion, so a longshot never shows as a zero chance.
 */
export function toPpm(weights: readonly number[], floorPpm = MIN_RUNNER_PPM): number[] {
  const count = weights.length;
  if (count === 0) return [];
  const safe = weights.map((weight) => (Number.isFinite(weight) && weight > 0 ? weight : 0));
  const floor = Math.min(floorPpm, Math.floor(PPM_TOTAL / count));
  const floored = new Set<number>();
  let exact: number[] = [];
  for (let changed = true; changed;) {
    changed = false;
    const spare = PPM_TOTAL - floor * floored.size;
    const free = safe.reduce((sum, weight, index) => (floored.has(index) ? sum : sum + weight), 0);
    const freeCount = count - floored.size;
    exact = safe.map((weight, index) =>
      floored.has(index) ? floor : free > 0 ? (weight / free) * spare : spare / freeCount,
    );
    exact.forEach((value, index) => {
      if (!floored.has(index) && value < floor) {
        floored.add(index);
        changed = true;
      }
    });
  }
  const parts = exact.map((value) => Math.floor(value));
  let missing = PPM_TOTAL - parts.reduce((total, part) => total + part, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (let i = 0; missing > 0; i = (i + 1) % count, missing--) parts[byRemainder[i]!.index]! += 1;
  return parts;
}
