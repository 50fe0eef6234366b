import { isJsonObject } from '../api-ng/json.ts';
import type { MarketState, RunnerState } from './market-state.ts';
import type { LevelPriceSize, MarketChange, PriceSize, RunnerChange } from './messages.ts';
import { StreamFailure } from './protocol.ts';

export const MARKET_FIELDS = [
  'EX_BEST_OFFERS_DISP',
  'EX_BEST_OFFERS',
  'EX_ALL_OFFERS',
  'EX_TRADED',
  'EX_TRADED_VOL',
  'EX_LTP',
  'EX_MARKET_DEF',
  'SP_TRADED',
  'SP_PROJECTED',
] as const;
export type MarketField = (typeof MARKET_FIELDS)[number];

/** What a subscription asked to see of its markets (`marketDataFilter`). */
export type DataFilter = { fields: ReadonlySet<MarketField>; ladderLevels: number; key: string };

const MAX_LADDER_LEVELS = 10;

/** `marketDataFilter` read as Betfair's: unknown fields are INVALID_INPUT, ladderLevels 1 to 10. */
export function readDataFilter(value: unknown): DataFilter {
  if (value !== undefined && value !== null && !isJsonObject(value))
    throw new StreamFailure('INVALID_INPUT', 'marketDataFilter must be an object.');
  const filter = value ?? {};
  const fields = filter.fields ?? [];
  if (!Array.isArray(fields) || !fields.every((field) => MARKET_FIELDS.includes(field as MarketField)))
    throw new StreamFailure(
      'INVALID_INPUT',
      `marketDataFilter.fields must name ${MARKET_FIELDS.join(', ')}.`,
    );
  const levels = filter.ladderLevels ?? 3;
  if (typeof levels !== 'number' || !Number.isInteger(levels) || levels < 1 || levels > MAX_LADDER_LEVELS)
    throw new StreamFailure(
      'INVALID_INPUT',
      `ladderLevels must be an integer from 1 to ${MAX_LADDER_LEVELS}.`,
    );
  const set = new Set(fields as MarketField[]);
  return { fields: set, ladderLevels: levels, key: `${[...set].sort().join(',')}/${levels}` };
}

/** Every price whose size changed, removed ones with size 0 (Betfair's price-keyed ladders). */
function priceDelta(before: readonly PriceSize[], after: readonly PriceSize[]): PriceSize[] {
  const old = new Map(before);
  const now = new Map(after);
  const changed: PriceSize[] = after.filter(([price, size]) => old.get(price) !== size);
  for (const [price] of before) if (!now.has(price)) changed.push([price, 0]);
  return changed;
}

/** Every position up to `levels` that changed, an emptied one as [level, 0, 0]. */
function levelDelta(
  before: readonly PriceSize[],
  after: readonly PriceSize[],
  levels: number,
): LevelPriceSize[] {
  const changed: LevelPriceSize[] = [];
  for (let level = 0; level < levels; level += 1) {
    const a = before[level];
    const b = after[level];
    if (b && (!a || a[0] !== b[0] || a[1] !== b[1])) changed.push([level, b[0], b[1]]);
    else if (!b && a) changed.push([level, 0, 0]);
  }
  return changed;
}

/** A runner's ladders' deltas: by price (`atb`, `atl`, `trd`) or by best-offer position (`batb`, `batl`). */
export type LadderDeltas = {
  prices(ladder: 'back' | 'lay' | 'traded'): PriceSize[];
  levels(ladder: 'back' | 'lay'): LevelPriceSize[];
};

/**
 * Puts on `change` each ladder `filter` shows, as `deltas` makes it; an empty one only in an image,
 * where it says the runner has no offers there.
 */
export function putLadders(
  change: RunnerChange,
  filter: DataFilter,
  image: boolean,
  deltas: LadderDeltas,
): void {
  const put = <Key extends 'atb' | 'atl' | 'batb' | 'batl' | 'trd'>(
    key: Key,
    value: NonNullable<RunnerChange[Key]>,
  ) => {
    if (value.length > 0 || image) change[key] = value;
  };
  if (filter.fields.has('EX_ALL_OFFERS')) {
    put('atb', deltas.prices('back'));
    put('atl', deltas.prices('lay'));
  }
  if (filter.fields.has('EX_BEST_OFFERS') || filter.fields.has('EX_BEST_OFFERS_DISP')) {
    put('batb', deltas.levels('back'));
    put('batl', deltas.levels('lay'));
  }
  if (filter.fields.has('EX_TRADED')) put('trd', deltas.prices('traded'));
}

const EMPTY: RunnerState = { selectionId: 0, back: [], lay: [], traded: [], tv: 0, ltp: undefined };

/** A runner's change (`rc` entry) from `before` (EMPTY for an image) to `after`; null when none. */
function runnerChange(
  filter: DataFilter,
  before: RunnerState,
  after: RunnerState,
  image: boolean,
): RunnerChange | null {
  const change: RunnerChange = { id: after.selectionId };
  putLadders(change, filter, image, {
    prices: (ladder) => priceDelta(before[ladder], after[ladder]),
    levels: (ladder) => levelDelta(before[ladder], after[ladder], filter.ladderLevels),
  });
  if (filter.fields.has('EX_TRADED_VOL') && (image || before.tv !== after.tv)) change.tv = after.tv;
  if (filter.fields.has('EX_LTP') && after.ltp !== undefined && (image || before.ltp !== after.ltp))
    change.ltp = after.ltp;
  return image || Object.keys(change).length > 1 ? change : null;
}

/**
 * A market's change (`mc` entry) as `filter` sees it: the full image when `before` is undefined, else
 * what changed since it; null when nothing it shows changed.
 */
export function marketChange(
  filter: DataFilter,
  before: MarketState | undefined,
  after: MarketState,
): MarketChange | null {
  const image = before === undefined;
  const rc = after.runners.flatMap((runner, index) => {
    const change = runnerChange(filter, before?.runners[index] ?? EMPTY, runner, image);
    return change ? [change] : [];
  });
  const change: MarketChange = { id: after.marketId };
  if (image) change.img = true;
  const definitionChanged = image || before.definitionKey !== after.definitionKey;
  if (filter.fields.has('EX_MARKET_DEF') && definitionChanged) change.marketDefinition = after.definition;
  if (rc.length > 0) change.rc = rc;
  if (filter.fields.has('EX_TRADED_VOL') && (image || before.tv !== after.tv)) change.tv = after.tv;
  return image || Object.keys(change).length > 1 ? change : null;
}
