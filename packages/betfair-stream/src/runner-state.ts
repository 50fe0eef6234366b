import {
  ladderHundredths as ladderHundredthsBinding,
  lastTradedProblem,
  levelProblem,
  MAX_LEVEL,
  priceProblem,
  show,
  sizeProblem,
} from './checks.ts';
import { PriceLadder } from './price-ladder.ts';
import type { PriceSize, RunnerChange } from './types.ts';

/** Bound once: the loader may turn an imported binding into a getter called for every price. */
const ladderHundredths = ladderHundredthsBinding;
const MAX_LEVEL_HERE = MAX_LEVEL;

/** The checks run on every entry, inline; the worded reasons are built only for a failing one. */
function isSize(size: unknown): size is number {
  return typeof size === 'number' && size >= 0 && size !== Infinity;
}

function isLevel(level: unknown): level is number {
  return typeof level === 'number' && Number.isInteger(level) && level >= 0 && level <= MAX_LEVEL_HERE;
}

/**
 * Full-depth fields hold size by price (a slot per tick, price-ladder.ts; the price is hundredths /
 * 100, the same double the JSON gave); level ladders hold [price, size] by level. Numbers only, so a
 * delta allocates nothing.
 */
export type SizeByPrice = PriceLadder;
export type PriceSizeByLevel = Map<number, PriceSize>;

/** The mutable fold of one runner's changes. Only the cache holds these; readers get `RunnerBook`s. */
export interface RunnerState {
  id: number;
  hc: number;
  ltp: number | null;
  tv: number;
  atb: SizeByPrice;
  atl: SizeByPrice;
  trd: SizeByPrice;
  batb: PriceSizeByLevel;
  batl: PriceSizeByLevel;
  bdatb: PriceSizeByLevel;
  bdatl: PriceSizeByLevel;
  /** Which ladders the source has sent at all: the book view prefers full depth, then real levels. */
  sent: { atb: boolean; atl: boolean; batb: boolean; batl: boolean };
}

/** Takes a problem with the runner it was found on; the market adds its own id. */
export type Report = (problem: string, runnerId: number) => void;

export function emptyRunnerState(id: number, hc: number): RunnerState {
  return {
    id,
    hc,
    ltp: null,
    tv: 0,
    atb: new PriceLadder(),
    atl: new PriceLadder(),
    trd: new PriceLadder(),
    batb: new Map(),
    batl: new Map(),
    bdatb: new Map(),
    bdatl: new Map(),
    sent: { atb: false, atl: false, batb: false, batl: false },
  };
}

/** Folds one runner change (deltas) into the state; returns whether anything was applied. */
export function applyRunnerChange(state: RunnerState, change: RunnerChange, report: Report): boolean {
  const id = state.id;
  let changed = false;
  if (change.atb !== undefined) {
    state.sent.atb = true;
    changed = applyDeltas(state.atb, change.atb, 'atb', id, report, applyPrice) || changed;
  }
  if (change.atl !== undefined) {
    state.sent.atl = true;
    changed = applyDeltas(state.atl, change.atl, 'atl', id, report, applyPrice) || changed;
  }
  if (change.trd !== undefined)
    changed = applyDeltas(state.trd, change.trd, 'trd', id, report, applyPrice) || changed;
  if (change.batb !== undefined) {
    state.sent.batb = true;
    changed = applyDeltas(state.batb, change.batb, 'batb', id, report, applyLevel) || changed;
  }
  if (change.batl !== undefined) {
    state.sent.batl = true;
    changed = applyDeltas(state.batl, change.batl, 'batl', id, report, applyLevel) || changed;
  }
  if (change.bdatb !== undefined)
    changed = applyDeltas(state.bdatb, change.bdatb, 'bdatb', id, report, applyLevel) || changed;
  if (change.bdatl !== undefined)
    changed = applyDeltas(state.bdatl, change.bdatl, 'bdatl', id, report, applyLevel) || changed;
  if (change.ltp !== undefined) {
    const problem = lastTradedProblem(change.ltp);
    if (problem === null) state.ltp = change.ltp;
    else report(`ltp ${problem}`, id);
    changed = changed || problem === null;
  }
  if (change.tv !== undefined) {
    const problem = sizeProblem(change.tv);
    if (problem === null) state.tv = change.tv;
    else report(`tv ${problem.replace(/^size /, '')}`, id);
    changed = changed || problem === null;
  }
  return changed;
}

/** Folds one entry of a ladder field into its map; returns whether the map changed. */
type ApplyEntry<Ladder> = (map: Ladder, entry: unknown, field: string, id: number, report: Report) => boolean;

/** Folds a ladder field's list of entries, each with `applyEntry`; a field that is no list is reported. */
function applyDeltas<Ladder>(
  map: Ladder,
  entries: unknown,
  field: string,
  id: number,
  report: Report,
  applyEntry: ApplyEntry<Ladder>,
): boolean {
  if (!Array.isArray(entries)) {
    report(`${field} ${show(entries)} is not a list`, id);
    return false;
  }
  let changed = false;
  for (let index = 0; index < entries.length; index += 1)
    changed = applyEntry(map, entries[index], field, id, report) || changed;
  return changed;
}

const applyPrice: ApplyEntry<SizeByPrice> = (map, entry, field, id, report) => {
  if (!Array.isArray(entry) || entry.length < 2) {
    report(`${field} entry ${show(entry)} is not [price, size]`, id);
    return false;
  }
  const price: unknown = entry[0];
  const size: unknown = entry[1];
  if (!isSize(size)) {
    report(`${field} ${sizeProblem(size)} at price ${show(price)}`, id);
    return false;
  }
  const hundredths = ladderHundredths(price);
  // A removal of a price never held (or not a price at all) leaves nothing to undo.
  if (size === 0) return hundredths !== null && map.delete(hundredths);
  if (hundredths === null) {
    report(`${field} ${priceProblem(price)}`, id);
    return false;
  }
  map.set(hundredths, size);
  return true;
};

const applyLevel: ApplyEntry<PriceSizeByLevel> = (map, entry, field, id, report) => {
  if (!Array.isArray(entry) || entry.length < 3) {
    report(`${field} entry ${show(entry)} is not [level, price, size]`, id);
    return false;
  }
  const level: unknown = entry[0];
  const price: unknown = entry[1];
  const size: unknown = entry[2];
  if (!isLevel(level) || !isSize(size)) {
    report(`${field} ${levelProblem(level) ?? sizeProblem(size)}`, id);
    return false;
  }
  if (size === 0) return map.delete(level);
  if (ladderHundredths(price) === null) {
    report(`${field} ${priceProblem(price)}`, id);
    return false;
  }
  const held = map.get(level);
  if (held === undefined) map.set(level, [price as number, size]);
  else {
    // Readers get copies, so the held pair can be updated in place.
    held[0] = price as number;
    held[1] = size;
  }
  return true;
};
