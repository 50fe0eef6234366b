/** A small seeded generator, so a failing position can be found again. */
export function randomOf(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * below);
  };
}

/** Every set of `size` runners out of `runnerCount`. */
export function subsets(runnerCount: number, size: number, from = 0): number[][] {
  if (size === 0) return [[]];
  const sets: number[][] = [];
  for (let first = from; first <= runnerCount - size; first++)
    for (const rest of subsets(runnerCount, size - 1, first + 1)) sets.push([first, ...rest]);
  return sets;
}
