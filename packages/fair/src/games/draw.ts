import type { OutcomeStream } from '../stream.ts';

/**
 * Draws `count` distinct values from `pool` in order: each float picks index floor(float × remaining)
 * among what is left, and that value leaves the pool (the published Mines and Keno method).
 */
export function drawWithoutReplacement(
  stream: OutcomeStream,
  pool: readonly number[],
  count: number,
): number[] {
  const remaining = pool.slice();
  const drawn: number[] = [];
  for (let i = 0; i < count; i++) {
    const index = Math.floor(stream.nextFloat() * remaining.length);
    drawn.push(remaining.splice(index, 1)[0]!);
  }
  return drawn;
}

export function range(fromInclusive: number, toExclusive: number): number[] {
  return Array.from({ length: toExclusive - fromInclusive }, (_, i) => fromInclusive + i);
}
