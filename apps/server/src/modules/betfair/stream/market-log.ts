import type { Clock } from './clocks.ts';
import { putLadders, type DataFilter } from './market-changes.ts';
import type { MarketState, RunnerState } from './market-state.ts';
import type { LevelPriceSize, MarketChange, PriceSize, RunnerChange } from './messages.ts';

/** Best-offer positions tracked: the most `ladderLevels` a subscription may ask for. */
const LEVELS = 10;

/** When each thing a runner shows last changed, by price (ladders, traded) or position (best offers). */
type RunnerLog = {
  back: Map<number, Clock>;
  lay: Map<number, Clock>;
  traded: Map<number, Clock>;
  backLevels: Clock[];
  layLevels: Clock[];
  tv: Clock;
  ltp: Clock;
};

/**
 * What changed in a market and when (docs/decisions/0273): for every price, position and total, the
 * clock of its last change, from `since` on. A resubscription's delta is what changed after its clock,
 * at today's values, so the log's size is the market's, whatever the number of changes.
 */
export type MarketLog = { since: Clock; definition: Clock; tv: Clock; runners: RunnerLog[] };

const runnerLog = (): RunnerLog => ({
  back: new Map(),
  lay: new Map(),
  traded: new Map(),
  backLevels: [],
  layLevels: [],
  tv: 0,
  ltp: 0,
});

export const newMarketLog = (since: Clock, state: MarketState): MarketLog => ({
  since,
  definition: 0,
  tv: 0,
  runners: state.runners.map(runnerLog),
});

function logPrices(
  log: Map<number, Clock>,
  before: readonly PriceSize[],
  after: readonly PriceSize[],
  at: Clock,
) {
  const old = new Map(before);
  const now = new Map(after);
  for (const [price, size] of after) if (old.get(price) !== size) log.set(price, at);
  for (const [price] of before) if (!now.has(price)) log.set(price, at);
}

function logLevels(log: Clock[], before: readonly PriceSize[], after: readonly PriceSize[], at: Clock) {
  for (let level = 0; level < LEVELS; level += 1) {
    const [a, b] = [before[level], after[level]];
    if (a?.[0] !== b?.[0] || a?.[1] !== b?.[1]) log[level] = at;
  }
}

/** Records, at `at`, everything that differs from `before` to `after`. */
export function logChange(log: MarketLog, before: MarketState, after: MarketState, at: Clock): void {
  if (before.definitionKey !== after.definitionKey) log.definition = at;
  if (before.tv !== after.tv) log.tv = at;
  after.runners.forEach((runner, index) => {
    const was = before.runners[index];
    const entry = log.runners[index];
    if (!was || !entry) return;
    logPrices(entry.back, was.back, runner.back, at);
    logPrices(entry.lay, was.lay, runner.lay, at);
    logPrices(entry.traded, was.traded, runner.traded, at);
    logLevels(entry.backLevels, was.back, runner.back, at);
    logLevels(entry.layLevels, was.lay, runner.lay, at);
    if (was.tv !== runner.tv) entry.tv = at;
    if (was.ltp !== runner.ltp) entry.ltp = at;
  });
}

/** Prices changed after `after`, at their size now (0 when gone), as a price-keyed ladder's delta. */
function pricesSince(log: Map<number, Clock>, now: readonly PriceSize[], after: Clock): PriceSize[] {
  const sizes = new Map(now);
  return [...log].filter(([, at]) => at > after).map(([price]) => [price, sizes.get(price) ?? 0] as const);
}

function levelsSince(log: readonly Clock[], now: readonly PriceSize[], levels: number, after: Clock) {
  const changed: LevelPriceSize[] = [];
  for (let level = 0; level < levels; level += 1) {
    if ((log[level] ?? 0) <= after) continue;
    const offer = now[level];
    changed.push(offer ? [level, offer[0], offer[1]] : [level, 0, 0]);
  }
  return changed;
}

function runnerSince(
  filter: DataFilter,
  log: RunnerLog,
  runner: RunnerState,
  after: Clock,
): RunnerChange | null {
  const change: RunnerChange = { id: runner.selectionId };
  putLadders(change, filter, false, {
    prices: (ladder) => pricesSince(log[ladder], runner[ladder], after),
    levels: (ladder) =>
      levelsSince(
        ladder === 'back' ? log.backLevels : log.layLevels,
        runner[ladder],
        filter.ladderLevels,
        after,
      ),
  });
  if (filter.fields.has('EX_TRADED_VOL') && log.tv > after) change.tv = runner.tv;
  if (filter.fields.has('EX_LTP') && runner.ltp !== undefined && log.ltp > after) change.ltp = runner.ltp;
  return Object.keys(change).length > 1 ? change : null;
}

/**
 * A market's change since clock `after` as `filter` shows it (a RESUB_DELTA entry): null when nothing
 * it shows changed, undefined when the log does not reach back that far (the caller sends an image).
 */
export function changeSince(
  filter: DataFilter,
  log: MarketLog,
  state: MarketState,
  after: Clock,
): MarketChange | null | undefined {
  if (log.since > after) return undefined;
  const rc = state.runners.flatMap((runner, index) => {
    const entry = log.runners[index];
    const change = entry && runnerSince(filter, entry, runner, after);
    return change ? [change] : [];
  });
  const change: MarketChange = { id: state.marketId };
  if (filter.fields.has('EX_MARKET_DEF') && log.definition > after)
    change.marketDefinition = state.definition;
  if (rc.length > 0) change.rc = rc;
  if (filter.fields.has('EX_TRADED_VOL') && log.tv > after) change.tv = state.tv;
  return Object.keys(change).length > 1 ? change : null;
}
