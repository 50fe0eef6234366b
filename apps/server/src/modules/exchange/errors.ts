import type { BetErrorCode } from '@backlay/contracts';
import type { ExchangeErrorCode } from '@backlay/exchange';
import {
  reject,
  rejectionsFrom,
  type Rejection,
  type RejectionTable,
  type Result,
} from '../../platform/rejections.ts';
import { ADMISSION_REJECTIONS } from '../admission/index.ts';

/**
 * Every code an exchange command (place, cancel, persist) may refuse with: the bets API's codes (the
 * admission gate's among them), the engine's codes that have no name there (engineRejection passes them
 * through), a stake that is no amount, a house market's terms, and the exchange's and its unit router's
 * unavailability (platform/units).
 */
export type ExchangeRefusalCode =
  | BetErrorCode
  | ExchangeErrorCode
  | 'INVALID_STAKE'
  | 'BACK_ONLY'
  | 'ODDS_CHANGED'
  | 'BOOK_FULL'
  | 'EXCHANGE_UNAVAILABLE'
  | 'RUNNER_REMOVED'
  | 'IN_PLAY_DELAY'
  | 'CLIENT_REF_RECHECK'
  | 'UNIT_BUSY'
  | 'UNIT_UNAVAILABLE'
  | 'UNIT_NOT_FOUND'
  | 'UNIT_UNKNOWN_KIND';

const ERRORS: RejectionTable<BetErrorCode> = {
  PRICE_NOT_ON_LADDER: { kind: 'invalid', message: 'The price is not on the odds ladder.' },
  STAKE_TOO_SMALL: { kind: 'unprocessable', message: 'The stake is below the minimum for this market.' },
  STAKE_TOO_LARGE: { kind: 'unprocessable', message: 'The stake is above the maximum for this market.' },
  ...ADMISSION_REJECTIONS,
  MARKET_SUSPENDED: { kind: 'conflict', message: 'The market is suspended.' },
  MARKET_CLOSED: { kind: 'conflict', message: 'The market is closed.' },
  UNKNOWN_MARKET: { kind: 'not_found', message: 'There is no such market.' },
  UNKNOWN_RUNNER: { kind: 'not_found', message: 'There is no such runner in this market.' },
  BET_NOT_FOUND: { kind: 'not_found', message: 'There is no such bet.' },
  NOTHING_TO_CANCEL: { kind: 'conflict', message: 'Nothing of this bet is left to cancel.' },
  SELF_MATCH: {
    kind: 'conflict',
    message: 'The part that would have matched your own bet was cancelled.',
  },
  IDEMPOTENCY_CONFLICT: {
    kind: 'conflict',
    message: 'This clientRef was already used for a different bet.',
  },
};

/** The exchange's rejections, by the codes its clients know. */
export const betError = rejectionsFrom(ERRORS);

export const exchangeUnavailable = (): Rejection =>
  reject(
    'unavailable',
    'EXCHANGE_UNAVAILABLE',
    'The exchange could not take this right now; please retry.',
    1,
  );

/**
 * The market is in play and the bet has not yet waited out its delay (docs/decisions/0130, 0326): the
 * sender waits `retryAfterSeconds` and sends it again. Players never see it.
 */
export const inPlayDelay = (seconds: number): Rejection =>
  reject('unavailable', 'IN_PLAY_DELAY', 'The bet waits out the in-play delay.', seconds);

/**
 * The bet's batch rolled back because a clientRef in it was already used on another market (docs/
 * decisions/0326): nothing of it was placed, and the sender places it again after reading the clientRef.
 */
export const clientRefRecheck = (): Rejection =>
  reject('unavailable', 'CLIENT_REF_RECHECK', 'The exchange could not take this right now; please retry.', 1);

/**
 * The batch broke the uniqueness of a player's clientRefs: one of its new bets reused a clientRef the
 * player already has on another market (docs/decisions/0326). PostgreSQL and PGlite both name the
 * constraint in the message.
 */
export function isClientRefConflict(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as Record<string, unknown>;
  return (
    code === '23505' && `${String(constraint)} ${String(message)}`.includes('bets_player_id_client_ref_key')
  );
}

/** A bet on a runner the source removed (docs/decisions/0269). */
export const runnerRemoved = (): Rejection =>
  reject('conflict', 'RUNNER_REMOVED', 'This runner was withdrawn from the market: it takes no more bets.');

/** A market the unit router does not know is the API's UNKNOWN_MARKET. */
export function asBetResult<T>(result: Result<T>): Result<T> {
  if (!result.ok && result.code === 'UNIT_NOT_FOUND') return betError('UNKNOWN_MARKET');
  return result;
}

/** The engine's codes in the words of the bets API. */
export function engineRejection(code: ExchangeErrorCode): Rejection {
  switch (code) {
    case 'OFF_LADDER':
      return betError('PRICE_NOT_ON_LADDER');
    case 'INVALID_SIZE':
      return betError('STAKE_TOO_SMALL');
    case 'SIZE_TOO_LARGE':
      return betError('STAKE_TOO_LARGE');
    case 'UNKNOWN_RUNNER':
      return betError('UNKNOWN_RUNNER');
    case 'MARKET_SUSPENDED':
      return betError('MARKET_SUSPENDED');
    case 'MARKET_CLOSED':
    case 'ALREADY_SETTLED':
      return betError('MARKET_CLOSED');
    case 'UNKNOWN_ORDER':
      return betError('BET_NOT_FOUND');
    case 'ORDER_NOT_OPEN':
      return betError('NOTHING_TO_CANCEL');
    case 'BOOK_FULL':
      return reject('unavailable', 'BOOK_FULL', 'This market takes no more unmatched bets right now.', 5);
    default:
      return reject('invalid', code, 'The bet could not be placed as asked.');
  }
}
