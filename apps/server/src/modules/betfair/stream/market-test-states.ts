import { readDataFilter } from './market-changes.ts';
import type { MarketState, RunnerState } from './market-state.ts';
import type { MarketDefinition } from './messages.ts';

/** Market states for the tests of what a subscription is sent: one market, runners of selection 7 by default. */
export const runner = (over: Partial<RunnerState> = {}): RunnerState => ({
  selectionId: 7,
  back: [],
  lay: [],
  traded: [],
  tv: 0,
  ltp: undefined,
  ...over,
});

export const market = (runners: RunnerState[], status: MarketDefinition['status'] = 'OPEN'): MarketState => ({
  marketId: '1.5',
  // The changes carry the definition as it is: these keys are enough to follow it.
  definition: { status, version: 1 } as MarketDefinition,
  definitionKey: status,
  runners,
  tv: runners.reduce((sum, one) => sum + one.tv, 0),
});

/** Every field a subscription may ask for, two best-offer levels. */
export const ALL = readDataFilter({
  fields: ['EX_ALL_OFFERS', 'EX_BEST_OFFERS', 'EX_TRADED', 'EX_TRADED_VOL', 'EX_LTP', 'EX_MARKET_DEF'],
  ladderLevels: 2,
});
