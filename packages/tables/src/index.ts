export type {
  FloatSource,
  Hand,
  MarketDef,
  PhaseTimings,
  TableCategory,
  TableGame,
  TableOutcome,
} from './types.ts';
export { TABLE_GAMES, tableGame, marketOf, marketLimits, dealRound } from './catalogue.ts';
export { returnHundredths, betReturnMinor } from './settle.ts';
export { scaledTimings, CARD_TABLE_TIMINGS } from './timings.ts';
export { Shoe, type ShoeSpec } from './shoe.ts';
export { cardCode, rankOf, aceLowRank, suitOf, isRed } from './cards.ts';
export { points } from './limits.ts';
export {
  CRASH_GROWTH_PER_MS,
  CRASH_MIN_STAKE_MINOR,
  CRASH_MAX_STAKE_MINOR,
  CRASH_MIN_AUTO_HUNDREDTHS,
  CRASH_MAX_AUTO_HUNDREDTHS,
  CRASH_MAX_BETS_PER_PLAYER,
  CRASH_TIMINGS,
  multiplierAt,
  elapsedToReach,
  cashOutAt,
  finalMultiplier,
  crashReturnMinor,
  type CrashCashOut,
} from './crash.ts';
export { teenPattiScore, TEEN_PATTI_HANDS, type TeenPattiHand } from './hands/three-card.ts';
export { bestOfSeven, fiveCardScore, POKER_HANDS, type PokerHand } from './hands/poker.ts';
export { baccaratValue, bankerDraws } from './games/baccarat.ts';
export { DELIVERIES } from './games/ball-by-ball.ts';
