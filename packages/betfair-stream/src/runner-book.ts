import type { PriceSizeByLevel, RunnerState, SizeByPrice } from './runner-state.ts';
import type { PriceSize, RunnerBook } from './types.ts';

/** The runner's book as readers see it: fresh arrays, sorted best first. */
export function runnerBookOf(state: RunnerState): RunnerBook {
  return {
    id: state.id,
    hc: state.hc,
    ltp: state.ltp,
    tv: state.tv,
    atb: state.sent.atb
      ? byPrice(state.atb, -1)
      : byLevelPrice(state.sent.batb ? state.batb : state.bdatb, -1),
    atl: state.sent.atl ? byPrice(state.atl, 1) : byLevelPrice(state.sent.batl ? state.batl : state.bdatl, 1),
    trd: byPrice(state.trd, 1),
  };
}

function byPrice(ladder: SizeByPrice, direction: 1 | -1): PriceSize[] {
  return ladder.entries(direction);
}

function byLevelPrice(map: PriceSizeByLevel, direction: 1 | -1): PriceSize[] {
  const entries: PriceSize[] = [];
  for (const [price, size] of map.values()) entries.push([price, size]);
  return entries.sort((a, b) => (a[0] - b[0]) * direction);
}
