import type { AdmissionCode } from '../../admission/index.ts';
import type { ExchangeRefusalCode } from '../../exchange/index.ts';

/**
 * The portal's bet refusals in Betfair's words, at the level Betfair reports them: an order-level code
 * fails the whole request (its instructions say ERROR_IN_ORDER), an instruction-level code fails one
 * instruction (the order says BET_ACTION_ERROR, or PROCESSED_WITH_ERRORS when others went through).
 */

/** Every code the portal refuses a bet, a cancel or a persistence change with. */
export type PortalRefusalCode = AdmissionCode | ExchangeRefusalCode;

/** Betfair's ExecutionReportErrorCode values a refusal becomes. */
export type BetfairOrderErrorCode =
  | 'INSUFFICIENT_FUNDS'
  | 'LOSS_LIMIT_EXCEEDED'
  | 'MARKET_SUSPENDED'
  | 'MARKET_NOT_OPEN_FOR_BETTING'
  | 'INVALID_MARKET_ID'
  | 'DUPLICATE_TRANSACTION'
  | 'INVALID_ACCOUNT_STATE'
  | 'PERMISSION_DENIED'
  | 'SERVICE_UNAVAILABLE';

/** Betfair's InstructionReportErrorCode values a refusal becomes. */
export type BetfairInstructionErrorCode =
  'INVALID_ODDS' | 'INVALID_BET_SIZE' | 'INVALID_RUNNER' | 'BET_TAKEN_OR_LAPSED' | 'ERROR_IN_MATCHER';

export type BetfairFailure =
  | { level: 'order'; code: BetfairOrderErrorCode }
  | { level: 'instruction'; code: BetfairInstructionErrorCode };

const order = (code: BetfairOrderErrorCode): BetfairFailure => ({ level: 'order', code });
const instruction = (code: BetfairInstructionErrorCode): BetfairFailure => ({ level: 'instruction', code });
/** What Betfair's matcher reports for a refusal it has no code of its own for. */
const MATCHER_ERROR = instruction('ERROR_IN_MATCHER');

/** Every refusal code has its Betfair failure: a new code fails the type check until it has one. */
export const BETFAIR_FAILURES: Readonly<Record<PortalRefusalCode, BetfairFailure>> = {
  // The admission gate's.
  UNKNOWN_PLAYER: order('INVALID_ACCOUNT_STATE'),
  PLAYER_SUSPENDED: order('INVALID_ACCOUNT_STATE'),
  SELF_EXCLUDED: order('INVALID_ACCOUNT_STATE'),
  ACCOUNT_TIMED_OUT: order('INVALID_ACCOUNT_STATE'),
  INSUFFICIENT_FUNDS: order('INSUFFICIENT_FUNDS'),
  LOSS_LIMIT_REACHED: order('LOSS_LIMIT_EXCEEDED'),
  BET_LOCKED: order('PERMISSION_DENIED'),
  MARKET_LOCKED_BY_AGENT: order('PERMISSION_DENIED'),
  STAKE_ABOVE_PLAYER_LIMIT: instruction('INVALID_BET_SIZE'),
  EXPOSURE_LIMIT_REACHED: order('LOSS_LIMIT_EXCEEDED'),
  // The bets API's.
  PRICE_NOT_ON_LADDER: instruction('INVALID_ODDS'),
  STAKE_TOO_SMALL: instruction('INVALID_BET_SIZE'),
  STAKE_TOO_LARGE: instruction('INVALID_BET_SIZE'),
  MARKET_SUSPENDED: order('MARKET_SUSPENDED'),
  MARKET_CLOSED: order('MARKET_NOT_OPEN_FOR_BETTING'),
  UNKNOWN_MARKET: order('INVALID_MARKET_ID'),
  UNKNOWN_RUNNER: instruction('INVALID_RUNNER'),
  BET_NOT_FOUND: instruction('BET_TAKEN_OR_LAPSED'),
  NOTHING_TO_CANCEL: instruction('BET_TAKEN_OR_LAPSED'),
  SELF_MATCH: MATCHER_ERROR,
  IDEMPOTENCY_CONFLICT: order('DUPLICATE_TRANSACTION'),
  // The exchange's own.
  INVALID_STAKE: instruction('INVALID_BET_SIZE'),
  BACK_ONLY: MATCHER_ERROR,
  ODDS_CHANGED: MATCHER_ERROR,
  EXCHANGE_UNAVAILABLE: order('SERVICE_UNAVAILABLE'),
  RUNNER_REMOVED: instruction('INVALID_RUNNER'),
  IN_PLAY_DELAY: order('SERVICE_UNAVAILABLE'),
  CLIENT_REF_RECHECK: order('SERVICE_UNAVAILABLE'),
  UNIT_UNAVAILABLE: order('SERVICE_UNAVAILABLE'),
  UNIT_BUSY: MATCHER_ERROR,
  UNIT_NOT_FOUND: MATCHER_ERROR,
  UNIT_UNKNOWN_KIND: MATCHER_ERROR,
  // The engine's, where the exchange passes one through unnamed.
  OFF_LADDER: MATCHER_ERROR,
  INVALID_SIZE: MATCHER_ERROR,
  SIZE_TOO_LARGE: MATCHER_ERROR,
  INVALID_ORDER_ID: MATCHER_ERROR,
  INVALID_ACCOUNT_ID: MATCHER_ERROR,
  INVALID_ARGUMENT: MATCHER_ERROR,
  UNKNOWN_ORDER: MATCHER_ERROR,
  ORDER_NOT_OPEN: MATCHER_ERROR,
  DUPLICATE_ORDER: MATCHER_ERROR,
  BOOK_FULL: MATCHER_ERROR,
  ALREADY_SETTLED: MATCHER_ERROR,
  INVALID_RATE: MATCHER_ERROR,
  INVALID_LINE: MATCHER_ERROR,
  INVALID_RESULT: MATCHER_ERROR,
};

const isRefusalCode = (code: string): code is PortalRefusalCode => Object.hasOwn(BETFAIR_FAILURES, code);

/**
 * Where and how Betfair reports a refusal. The code arrives as a rejection's text; one that no refusal
 * type names (none should) is the matcher's error.
 */
export function betfairFailure(code: string): BetfairFailure {
  return isRefusalCode(code) ? BETFAIR_FAILURES[code] : MATCHER_ERROR;
}
