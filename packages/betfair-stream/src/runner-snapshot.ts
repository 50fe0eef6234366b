import { PriceLadder } from './price-ladder.ts';
import type { PriceSizeByLevel, RunnerState, SizeByPrice } from './runner-state.ts';
import type { LevelPriceSize, PriceSize } from './types.ts';

/** JSON form of a runner state, for snapshots. */
export interface RunnerSnapshot {
  id: number;
  hc: number;
  ltp: number | null;
  tv: number;
  atb: PriceSize[];
  atl: PriceSize[];
  trd: PriceSize[];
  batb: LevelPriceSize[];
  batl: LevelPriceSize[];
  bdatb: LevelPriceSize[];
  bdatl: LevelPriceSize[];
  sent: RunnerState['sent'];
}

export function snapshotRunner(state: RunnerState): RunnerSnapshot {
  const prices = (ladder: SizeByPrice): PriceSize[] => ladder.entries();
  const levels = (map: PriceSizeByLevel): LevelPriceSize[] =>
    Array.from(map, ([level, [p, s]]) => [level, p, s]);
  return {
    id: state.id,
    hc: state.hc,
    ltp: state.ltp,
    tv: state.tv,
    atb: prices(state.atb),
    atl: prices(state.atl),
    trd: prices(state.trd),
    batb: levels(state.batb),
    batl: levels(state.batl),
    bdatb: levels(state.bdatb),
    bdatl: levels(state.bdatl),
    sent: { ...state.sent },
  };
}

export function restoreRunner(snapshot: RunnerSnapshot): RunnerState {
  const prices = (entries: PriceSize[]): SizeByPrice => {
    const ladder = new PriceLadder();
    for (const [price, size] of entries) ladder.set(Math.round(price * 100), size);
    return ladder;
  };
  const levels = (entries: LevelPriceSize[]): PriceSizeByLevel =>
    new Map(entries.map(([l, p, s]) => [l, [p, s]]));
  return {
    id: snapshot.id,
    hc: snapshot.hc,
    ltp: snapshot.ltp,
    tv: snapshot.tv,
    atb: prices(snapshot.atb),
    atl: prices(snapshot.atl),
    trd: prices(snapshot.trd),
    batb: levels(snapshot.batb),
    batl: levels(snapshot.batl),
    bdatb: levels(snapshot.bdatb),
    bdatl: levels(snapshot.bdatl),
    sent: { ...snapshot.sent },
  };
}
