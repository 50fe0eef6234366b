/** The bet slips' shared kit: stakes, odds outcomes, refusal messages and the placing request. */
export { checkStake, minorToDecimal, moneyMinorOf, sanitizeStakeText, stakeMinorOf } from './stake.ts';
export type { StakeCheck, StakeProblem } from './stake.ts';
export { oddsHundredthsOf } from './odds.ts';
export { slipOutcome, type SlipOutcome } from './outcome.ts';
export { NETWORK_ERROR_TEXT, refusalText, stakeProblemText } from './error-messages.ts';
export type { BetProduct, Refusal, RefusalCode, RefusalContext, StakeLimits } from './error-messages.ts';
export { betRequest, type BetCall, type BetCallResult } from './request.ts';
export { newClientRef } from './client-ref.ts';
