export * from './result.ts';
export * from './types.ts';
export * from './ladder.ts';
export * from './limits.ts';
export { ExchangeMarket } from './book/exchange-market.ts';
export { ReferenceMarket } from './reference/reference-market.ts';

import { ExchangeMarket } from './book/exchange-market.ts';
import type { Result } from './result.ts';

/** A new fast order-book market with `runnerCount` runners, OPEN and not in-play. */
export function createExchangeMarket(runnerCount: number): Result<ExchangeMarket> {
  return ExchangeMarket.create(runnerCount);
}

export { RunnerMarketRisk, MAX_BOOKMAKER_RATE } from './risk/runner-market-risk.ts';
export type { ExposureChange, OrderIntent, BookmakerBet, MatchedFill } from './risk/runner-market-risk.ts';
export { LineMarketRisk, MAX_LINE_BETS_PER_ACCOUNT } from './risk/line-market-risk.ts';
export {
  lineBetPnlMinor,
  lineExposureMinor,
  linePnlAt,
  checkLineBet,
  MAX_LINE_VALUE,
  MAX_LINE_RATE,
} from './risk/line-bets.ts';
export type { LineBet, LineBetKind } from './risk/line-bets.ts';
export {
  betPnlIfWinner,
  betPnlIf,
  runnerOutcomesOf,
  outcomePnlMinor,
  exposureOfPnl,
  runnerExposureMinor,
  holdIncreaseMinor,
  settledPnlMinor,
} from './risk/runner-bets.ts';
export type { RunnerBet } from './risk/runner-bets.ts';
export {
  winnerCountOf,
  worstPnlMinor,
  exposureOfOutcomes,
  pnlIfEachWinsMinor,
  worstPnlWithWinnerMinor,
  worstPnlWithoutWinnerMinor,
} from './risk/winners.ts';
export type { RunnerOutcomes } from './risk/winners.ts';
export { planGreenUp, legEffectMinor } from './risk/green-up.ts';
export type { BestTicks, GreenUpLeg, GreenUpPlan } from './risk/green-up.ts';
export { profitMinor, unmatchedLiabilityMinor, commissionMinor } from './risk/money.ts';
export type {
  RunnerMarketResult,
  LineMarketResult,
  Settlement,
  SettlementRow,
} from './settle/settlement-types.ts';
export {
  reducedPriceHundredths,
  factorBasisPointsOf,
  appliedFactors,
  MIN_APPLIED_FACTOR_BASIS_POINTS,
  MIN_REDUCED_PRICE_HUNDREDTHS,
  type ReductionKind,
} from './settle/reduction.ts';
