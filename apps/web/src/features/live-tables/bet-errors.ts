import type { TableErrorCode } from '@backlay/contracts';

/**
 * What the player reads when a table or crash bet is refused. The server's message is kept for codes
 * this list does not know; a network failure (status 0) has its own words.
 */
const MESSAGES: Partial<Record<TableErrorCode, string>> = {
  BETTING_CLOSED: 'Betting is closed for this round. Wait for the next round.',
  UNKNOWN_ROUND: 'This round is over. Your bet was not placed; try again in the next round.',
  UNKNOWN_MARKET: 'This market is not offered at this table.',
  UNKNOWN_TABLE: 'This table is not available.',
  STAKE_TOO_SMALL: 'The stake is below the minimum for this market.',
  STAKE_TOO_LARGE: 'The stake is above the maximum for this market.',
  INSUFFICIENT_FUNDS: 'Insufficient balance for this stake.',
  TOO_MANY_BETS: 'You already have two bets in this round.',
  INVALID_AUTO_CASH_OUT: 'The auto cash-out must be between 1.01x and 1,000,000.00x.',
  ALREADY_CASHED_OUT: 'This bet was already cashed out.',
  ROUND_CRASHED: 'Too late: the round crashed before your cash-out.',
  ROUND_NOT_STARTED: 'The round has not taken off yet.',
  BET_NOT_FOUND: 'This bet was not found.',
  BETS_UNAVAILABLE: 'Bets are not available right now. Try again shortly.',
  CASH_OUT_UNAVAILABLE: 'Cash-out is not available right now.',
  IDEMPOTENCY_CONFLICT: 'This bet was already sent with other details. Place it again.',
};

export const NETWORK_ERROR_TEXT = 'Connection error. Check your connection and try again.';

export interface Refusal {
  status: number;
  code: string | null;
  message: string;
}

export function refusalText(refusal: Refusal): string {
  if (refusal.status === 0) return NETWORK_ERROR_TEXT;
  const known = refusal.code ? MESSAGES[refusal.code as TableErrorCode] : undefined;
  if (known) return known;
  return refusal.message || 'The bet was not accepted. Try again.';
}
