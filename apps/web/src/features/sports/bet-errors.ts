import { formatMoney } from '../../lib/money.ts';

/** Market limits used in the messages, as decimal strings; null while the market is loading. */
export interface StakeLimits {
  minStake: string | null;
  maxStake: string | null;
}

const limit = (value: string | null, fallback: string) => (value === null ? fallback : formatMoney(value));

/**
 * What the player reads for each refusal of the bets API (packages/contracts BET_ERROR_CODES) and for
 * the slip's own checks. A code the portal does not know shows the server's message.
 */
export function betErrorText(code: string | null, serverMessage: string, limits?: StakeLimits): string {
  switch (code) {
    case 'PRICE_NOT_ON_LADDER':
      return 'These odds are not on the price ladder. Use − and + to pick valid odds.';
    case 'STAKE_TOO_SMALL':
      return `The stake is below this market's minimum of ${limit(limits?.minStake ?? null, 'its minimum')}.`;
    case 'STAKE_TOO_LARGE':
      return `The stake is above this market's maximum of ${limit(limits?.maxStake ?? null, 'its maximum')}.`;
    case 'INSUFFICIENT_FUNDS':
      return "Your available balance does not cover this bet's liability.";
    case 'MARKET_SUSPENDED':
      return 'This market is suspended for a moment. Try again when it reopens.';
    case 'MARKET_CLOSED':
      return 'This market has closed and takes no more bets.';
    case 'UNKNOWN_MARKET':
      return 'This market is no longer available.';
    case 'UNKNOWN_RUNNER':
      return 'This selection is no longer part of the market.';
    case 'BET_NOT_FOUND':
      return 'That bet could not be found; it may have been settled already.';
    case 'NOTHING_TO_CANCEL':
      return 'Nothing is left to cancel: the bet is fully matched, cancelled or settled.';
    case 'SELF_MATCH':
      return 'Part of your bet would have matched your own opposite bet, so that part was cancelled.';
    case 'IDEMPOTENCY_CONFLICT':
      return 'A bet with this reference was already sent with other details. Check My Bet before trying again.';
    default:
      return serverMessage.trim() === '' ? 'The request failed. Please try again.' : serverMessage;
  }
}

/** Messages for the slip's checks before anything is sent. */
export function stakeProblemText(
  reason: 'EMPTY' | 'NOT_A_NUMBER' | 'TOO_SMALL' | 'TOO_LARGE',
  limits: StakeLimits,
) {
  if (reason === 'EMPTY') return 'Enter a stake.';
  if (reason === 'NOT_A_NUMBER') return 'Enter the stake as an amount with at most two decimals.';
  return betErrorText(reason === 'TOO_SMALL' ? 'STAKE_TOO_SMALL' : 'STAKE_TOO_LARGE', '', limits);
}
