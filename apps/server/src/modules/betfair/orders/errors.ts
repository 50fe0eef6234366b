/**
 * The portal's bet refusals in Betfair's words, at the level Betfair reports them: an order-level code
 * fails the whole request (its instructions say ERROR_IN_ORDER), an instruction-level code fails one
 * instruction (the order says BET_ACTION_ERROR, or PROCESSED_WITH_ERRORS when others went through).
 */
export type BetfairFailure = { level: 'order' | 'instruction'; code: string };

const ORDER_LEVEL: Readonly<Record<string, string>> = {
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  LOSS_LIMIT_REACHED: 'LOSS_LIMIT_EXCEEDED',
  MARKET_SUSPENDED: 'MARKET_SUSPENDED',
  MARKET_CLOSED: 'MARKET_NOT_OPEN_FOR_BETTING',
  UNKNOWN_MARKET: 'INVALID_MARKET_ID',
  IDEMPOTENCY_CONFLICT: 'DUPLICATE_TRANSACTION',
  PLAYER_SUSPENDED: 'INVALID_ACCOUNT_STATE',
  UNKNOWN_PLAYER: 'INVALID_ACCOUNT_STATE',
  SELF_EXCLUDED: 'INVALID_ACCOUNT_STATE',
  ACCOUNT_TIMED_OUT: 'INVALID_ACCOUNT_STATE',
  BET_LOCKED: 'PERMISSION_DENIED',
  EXCHANGE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  UNIT_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

const INSTRUCTION_LEVEL: Readonly<Record<string, string>> = {
  PRICE_NOT_ON_LADDER: 'INVALID_ODDS',
  STAKE_TOO_SMALL: 'INVALID_BET_SIZE',
  STAKE_TOO_LARGE: 'INVALID_BET_SIZE',
  STAKE_ABOVE_PLAYER_LIMIT: 'INVALID_BET_SIZE',
  INVALID_STAKE: 'INVALID_BET_SIZE',
  UNKNOWN_RUNNER: 'INVALID_RUNNER',
  BET_NOT_FOUND: 'BET_TAKEN_OR_LAPSED',
  NOTHING_TO_CANCEL: 'BET_TAKEN_OR_LAPSED',
};

/** Where and how Betfair reports a portal refusal code; anything unknown is the matcher's error. */
export function betfairFailure(code: string): BetfairFailure {
  const order = ORDER_LEVEL[code];
  if (order) return { level: 'order', code: order };
  return { level: 'instruction', code: INSTRUCTION_LEVEL[code] ?? 'ERROR_IN_MATCHER' };
}
