import { deepFreeze, runnerKey, type MarketState } from './market-state.ts';
import {
  emptyRunnerState,
  type PriceSizeByLevel,
  type RunnerState,
  type SizeByPrice,
} from './runner-state.ts';
import type { MarketDefinition } from './types.ts';

/**
 * A market change line read into one list of numbers (scan.ts) instead of an object per price: every
 * part already passed the checks `MarketCache.apply` makes, so folding it is writes only. The tape:
 *
 * - a market: id (index into `marketIds`), flags, tv, definition (index into `definitions`), end;
 *   then its runners up to end;
 * - a runner: id, hc, flags, ltp, tv, end; then its ladder fields up to end;
 * - a ladder field: its code, the entry count, then per entry hundredths (-1 off the ladder, only with
 *   size 0) and size for a price ladder, level, price and size for a level ladder.
 */
export class PackedMarketChange {
  readonly op = 'mcm';

  constructor(
    readonly pt: number,
    readonly clk: string | undefined,
    readonly initialClk: string | undefined,
    /** False when the message had no `mc` (a heartbeat): only the clocks move. */
    readonly hasChanges: boolean,
    readonly tape: Float64Array,
    readonly marketIds: readonly string[],
    readonly definitions: readonly MarketDefinition[],
  ) {}

  /**
   * The packed change again from its structured clone (posted by a worker thread): the numbers come
   * over as one typed array, a copy of a few kilobytes, where a parsed message would be rebuilt
   * object by object. Its definitions are frozen again: a clone is not.
   */
  static revive(clone: Omit<PackedMarketChange, 'op'>): PackedMarketChange {
    const { pt, clk, initialClk, hasChanges, tape, marketIds, definitions } = clone;
    return new PackedMarketChange(
      pt,
      clk,
      initialClk,
      hasChanges,
      tape,
      marketIds,
      definitions.map(deepFreeze),
    );
  }
}

export const MARKET_HEADER = 5;
export const RUNNER_HEADER = 6;
export const IMAGE = 1;
export const HAS_TV = 2;
export const HAS_DEFINITION = 4;
export const HAS_LTP = 1;

/** Ladder field codes, in the order `applyRunnerChange` folds them. */
export const LADDER_FIELDS = ['atb', 'atl', 'trd', 'batb', 'batl', 'bdatb', 'bdatl'] as const;
const ATB = 0;
const ATL = 1;
const BATB = 3;
const BATL = 4;
const BDATB = 5;
export const FIRST_LEVEL_FIELD = BATB;

export interface PackedMarketFold {
  id: string;
  changed: boolean;
  gotDefinition: boolean;
}

/**
 * Folds each market of the tape in turn, as `applyMarketChange` does the same change: `stateOf`
 * answers the market's state (made if new), or null for a market the caller leaves out.
 */
export function foldPacked(
  packed: PackedMarketChange,
  stateOf: (id: string) => MarketState | null,
  done: (fold: PackedMarketFold) => void,
): void {
  const tape = packed.tape;
  let at = 0;
  while (at < tape.length) {
    const id = packed.marketIds[tape[at]!]!;
    const end = tape[at + 4]!;
    const state = stateOf(id);
    if (state !== null) {
      const flags = tape[at + 1]!;
      const changed = foldMarket(state, packed, at, end);
      done({ id, changed, gotDefinition: (flags & HAS_DEFINITION) !== 0 });
    }
    at = end;
  }
}

function foldMarket(state: MarketState, packed: PackedMarketChange, at: number, end: number): boolean {
  const tape = packed.tape;
  const flags = tape[at + 1]!;
  let changed = false;
  state.pt = packed.pt;
  if ((flags & IMAGE) !== 0) {
    state.runners = new Map();
    state.tv = null;
    changed = true;
  }
  if ((flags & HAS_DEFINITION) !== 0) {
    state.definition = packed.definitions[tape[at + 3]!]!;
    changed = true;
  }
  if ((flags & HAS_TV) !== 0) {
    state.tv = tape[at + 2]!;
    changed = true;
  }
  for (let runner = at + MARKET_HEADER; runner < end; runner = tape[runner + 5]!)
    changed = foldRunner(state, tape, runner) || changed;
  return changed;
}

function foldRunner(market: MarketState, tape: Float64Array, at: number): boolean {
  const id = tape[at]!;
  const hc = tape[at + 1]!;
  const flags = tape[at + 2]!;
  const end = tape[at + 5]!;
  const key = runnerKey(id, hc);
  let state = market.runners.get(key);
  if (state === undefined) {
    state = emptyRunnerState(id, hc);
    market.runners.set(key, state);
  }
  let changed = false;
  let field = at + RUNNER_HEADER;
  while (field < end) {
    const code = tape[field]!;
    const count = tape[field + 1]!;
    field += 2;
    if (code < FIRST_LEVEL_FIELD) {
      changed = foldPrices(priceLadder(state, code), tape, field, count) || changed;
      field += 2 * count;
    } else {
      changed = foldLevels(levelLadder(state, code), tape, field, count) || changed;
      field += 3 * count;
    }
  }
  if ((flags & HAS_LTP) !== 0) {
    state.ltp = tape[at + 3]!;
    changed = true;
  }
  if ((flags & HAS_TV) !== 0) {
    state.tv = tape[at + 4]!;
    changed = true;
  }
  return changed;
}

function priceLadder(state: RunnerState, code: number): SizeByPrice {
  if (code === ATB) {
    state.sent.atb = true;
    return state.atb;
  }
  if (code === ATL) {
    state.sent.atl = true;
    return state.atl;
  }
  return state.trd;
}

function levelLadder(state: RunnerState, code: number): PriceSizeByLevel {
  if (code === BATB) {
    state.sent.batb = true;
    return state.batb;
  }
  if (code === BATL) {
    state.sent.batl = true;
    return state.batl;
  }
  return code === BDATB ? state.bdatb : state.bdatl;
}

function foldPrices(map: SizeByPrice, tape: Float64Array, at: number, count: number): boolean {
  let changed = false;
  for (let entry = at; entry < at + 2 * count; entry += 2) {
    const hundredths = tape[entry]!;
    const size = tape[entry + 1]!;
    // A removal of a price never held (or off the ladder) leaves nothing to undo.
    if (size === 0) changed = (hundredths >= 0 && map.delete(hundredths)) || changed;
    else {
      map.set(hundredths, size);
      changed = true;
    }
  }
  return changed;
}

function foldLevels(map: PriceSizeByLevel, tape: Float64Array, at: number, count: number): boolean {
  let changed = false;
  for (let entry = at; entry < at + 3 * count; entry += 3) {
    const level = tape[entry]!;
    const price = tape[entry + 1]!;
    const size = tape[entry + 2]!;
    if (size === 0) changed = map.delete(level) || changed;
    else {
      const held = map.get(level);
      if (held === undefined) map.set(level, [price, size]);
      else {
        held[0] = price;
        held[1] = size;
      }
      changed = true;
    }
  }
  return changed;
}
