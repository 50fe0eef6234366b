import type { BetNames } from './bet-view.ts';
import type { MarketUnit } from './market-unit.ts';
import type { BetState } from './types.ts';

/** Readable names of a bet for lists and the stream. */
export function namesOf(unit: MarketUnit, bet: BetState): BetNames {
  return {
    eventName: unit.info.eventName,
    marketName: unit.info.name,
    runnerName: unit.info.runners[bet.runnerIndex]?.name ?? bet.runnerId,
  };
}
