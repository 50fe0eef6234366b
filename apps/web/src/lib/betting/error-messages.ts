import type { BetErrorCode, TableErrorCode } from '@backlay/contracts';
import { formatMoney } from '@backlay/front-kit/money';
import type { StakeProblem } from './stake.ts';

/** Every code a bet, a cancel or a cash-out can be refused with: exchange and tables (with admission's). */
export type RefusalCode = BetErrorCode | TableErrorCode;

/** The screen that shows the message: the exchange's bet slip or an in-house table's (and crash's). */
export type BetProduct = 'exchange' | 'tables';

/** Market limits named in the exchange's stake messages, as decimal strings; null while loading. */
export interface StakeLimits {
  minStake: string | null;
  maxStake: string | null;
}

type Words = string | ((limits: StakeLimits) => string);
/** The server's own words, which name what only it knows (when a break ends); these when it sent none. */
type ServerWords = { server: string };
/** Most codes read the same everywhere; a few are worded for the screen that shows them. */
type Message = Words | ServerWords | Readonly<Record<BetProduct, Words>>;

const limit = (value: string | null, fallback: string) => (value === null ? fallback : formatMoney(value));

/** What the player reads for each refusal; a code missing here fails the typecheck. */
const MESSAGES: Readonly<Record<RefusalCode, Message>> = {
  PRICE_NOT_ON_LADDER: 'These odds are not on the price ladder. Use − and + to pick valid odds.',
  STAKE_TOO_SMALL: {
    exchange: ({ minStake }) =>
      `The stake is below this market's minimum of ${limit(minStake, 'its minimum')}.`,
    tables: 'The stake is below the minimum for this market.',
  },
  STAKE_TOO_LARGE: {
    exchange: ({ maxStake }) =>
      `The stake is above this market's maximum of ${limit(maxStake, 'its maximum')}.`,
    tables: 'The stake is above the maximum for this market.',
  },
  INSUFFICIENT_FUNDS: {
    exchange: "Your available balance does not cover this bet's liability.",
    tables: 'Insufficient balance for this stake.',
  },
  MARKET_SUSPENDED: 'This market is suspended for a moment. Try again when it reopens.',
  MARKET_CLOSED: 'This market has closed and takes no more bets.',
  UNKNOWN_MARKET: {
    exchange: 'This market is no longer available.',
    tables: 'This market is not offered at this table.',
  },
  UNKNOWN_RUNNER: 'This selection is no longer part of the market.',
  BET_NOT_FOUND: {
    exchange: 'That bet could not be found; it may have been settled already.',
    tables: 'This bet was not found.',
  },
  NOTHING_TO_CANCEL: 'Nothing is left to cancel: the bet is fully matched, cancelled or settled.',
  SELF_MATCH: 'Part of your bet would have matched your own opposite bet, so that part was cancelled.',
  IDEMPOTENCY_CONFLICT: {
    exchange:
      'A bet with this reference was already sent with other details. Check My Bet before trying again.',
    tables: 'This bet was already sent with other details. Place it again.',
  },
  UNKNOWN_TABLE: 'This table is not available.',
  UNKNOWN_ROUND: 'This round is over. Your bet was not placed; try again in the next round.',
  BETTING_CLOSED: 'Betting is closed for this round. Wait for the next round.',
  TABLE_PAUSED: 'This table is paused by the operator and takes no bets for now.',
  TOO_MANY_BETS: 'You already have two bets in this round.',
  INVALID_AUTO_CASH_OUT: 'The auto cash-out must be between 1.01x and 1,000,000.00x.',
  ROUND_NOT_STARTED: 'The round has not taken off yet.',
  ALREADY_CASHED_OUT: 'This bet was already cashed out.',
  ROUND_CRASHED: 'Too late: the round crashed before your cash-out.',
  UNKNOWN_RESULT: 'There is no such round.',
  CASH_OUT_UNAVAILABLE: 'Cash-out is not available right now.',
  BETS_UNAVAILABLE: 'Bets are not available right now. Try again shortly.',
  PLAYER_SUSPENDED: 'Your account is suspended. Please contact support.',
  UNKNOWN_PLAYER: 'Your account could not be found. Please sign in again.',
  SELF_EXCLUDED: { server: 'You have excluded yourself from play.' },
  ACCOUNT_TIMED_OUT: { server: 'You are taking a break from play.' },
  LOSS_LIMIT_REACHED: { server: 'This stake would take your net loss past the loss limit you set.' },
  BET_LOCKED: 'Betting is locked on your account. Please contact support.',
  STAKE_ABOVE_PLAYER_LIMIT: { server: 'This stake is above the largest stake allowed on your account.' },
  MARKET_LOCKED_BY_AGENT: 'Betting on this market is locked for your account. Please contact your agent.',
  EXPOSURE_LIMIT_REACHED: {
    server: 'This stake would take your exposure past the limit set for your account.',
  },
};

export const NETWORK_ERROR_TEXT = 'Connection error. Check your connection and try again.';

/** For a code this portal does not know yet and a server that sent no message either. */
const FALLBACK_TEXT: Readonly<Record<BetProduct, string>> = {
  exchange: 'The request failed. Please try again.',
  tables: 'The bet was not accepted. Try again.',
};

const NO_LIMITS: StakeLimits = { minStake: null, maxStake: null };

/** An answer that refused a bet; status 0 is a network failure, no status a notice beside a bet. */
export interface Refusal {
  status?: number;
  code: string | null;
  message: string;
}

export interface RefusalContext {
  product: BetProduct;
  limits?: StakeLimits;
}

const isRefusalCode = (code: string | null): code is RefusalCode =>
  code !== null && Object.hasOwn(MESSAGES, code);

function wordsFor(
  message: Message,
  refusal: Refusal,
  { product, limits = NO_LIMITS }: RefusalContext,
): string {
  if (typeof message === 'object' && 'server' in message)
    return refusal.message.trim() === '' ? message.server : refusal.message;
  const words = typeof message === 'object' ? message[product] : message;
  return typeof words === 'function' ? words(limits) : words;
}

/** The player's words for a refusal; a code the portal does not know shows the server's message. */
export function refusalText(refusal: Refusal, context: RefusalContext): string {
  if (refusal.status === 0) return NETWORK_ERROR_TEXT;
  if (isRefusalCode(refusal.code)) return wordsFor(MESSAGES[refusal.code], refusal, context);
  return refusal.message.trim() === '' ? FALLBACK_TEXT[context.product] : refusal.message;
}

/** The exchange slip's words for its own stake checks, before anything is sent. */
export function stakeProblemText(reason: StakeProblem, limits: StakeLimits): string {
  if (reason === 'EMPTY') return 'Enter a stake.';
  if (reason === 'NOT_A_NUMBER') return 'Enter the stake as an amount with at most two decimals.';
  const code = reason === 'TOO_SMALL' ? 'STAKE_TOO_SMALL' : 'STAKE_TOO_LARGE';
  return refusalText({ code, message: '' }, { product: 'exchange', limits });
}
