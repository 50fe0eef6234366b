import type { CasinoWalletStatus } from '@backlay/contracts';
import { rejectionsFrom, type Rejection, type RejectionTable } from '../../platform/rejections.ts';
import { ADMISSION_MESSAGES, type AdmissionCode } from './rules.ts';

/**
 * The refusals as the portal's HTTP products answer them: every product's rejection table includes
 * these, so each refuses the same case with the same code, status and message.
 */
export const ADMISSION_REJECTIONS: RejectionTable<AdmissionCode> = {
  UNKNOWN_PLAYER: { kind: 'forbidden', message: ADMISSION_MESSAGES.UNKNOWN_PLAYER },
  PLAYER_SUSPENDED: { kind: 'forbidden', message: ADMISSION_MESSAGES.PLAYER_SUSPENDED },
  SELF_EXCLUDED: { kind: 'forbidden', message: ADMISSION_MESSAGES.SELF_EXCLUDED },
  ACCOUNT_TIMED_OUT: { kind: 'forbidden', message: ADMISSION_MESSAGES.ACCOUNT_TIMED_OUT },
  INSUFFICIENT_FUNDS: { kind: 'unprocessable', message: ADMISSION_MESSAGES.INSUFFICIENT_FUNDS },
  LOSS_LIMIT_REACHED: { kind: 'unprocessable', message: ADMISSION_MESSAGES.LOSS_LIMIT_REACHED },
  BET_LOCKED: { kind: 'forbidden', message: ADMISSION_MESSAGES.BET_LOCKED },
  MARKET_LOCKED_BY_AGENT: { kind: 'forbidden', message: ADMISSION_MESSAGES.MARKET_LOCKED_BY_AGENT },
  STAKE_ABOVE_PLAYER_LIMIT: { kind: 'unprocessable', message: ADMISSION_MESSAGES.STAKE_ABOVE_PLAYER_LIMIT },
  EXPOSURE_LIMIT_REACHED: { kind: 'unprocessable', message: ADMISSION_MESSAGES.EXPOSURE_LIMIT_REACHED },
};

const rejectionOf = rejectionsFrom(ADMISSION_REJECTIONS);

/** With the gate's own message, which names when a break ends. */
export const admissionRejection = (refusal: { code: AdmissionCode; message: string }): Rejection =>
  rejectionOf(refusal.code, refusal.message);

/**
 * The same refusals in the seamless wallet's protocol. It has no status of its own for an account the
 * operator closed: a suspended or unknown player's launch token is no longer good. A player on a break
 * is a disabled user; a stake past a limit the player set is RS_ERROR_LIMIT_REACHED.
 */
export const CASINO_STATUS_OF: Readonly<Record<AdmissionCode, CasinoWalletStatus>> = {
  UNKNOWN_PLAYER: 'RS_ERROR_INVALID_TOKEN',
  PLAYER_SUSPENDED: 'RS_ERROR_INVALID_TOKEN',
  SELF_EXCLUDED: 'RS_ERROR_USER_DISABLED',
  ACCOUNT_TIMED_OUT: 'RS_ERROR_USER_DISABLED',
  INSUFFICIENT_FUNDS: 'RS_ERROR_NOT_ENOUGH_MONEY',
  LOSS_LIMIT_REACHED: 'RS_ERROR_LIMIT_REACHED',
  BET_LOCKED: 'RS_ERROR_USER_DISABLED',
  MARKET_LOCKED_BY_AGENT: 'RS_ERROR_USER_DISABLED',
  STAKE_ABOVE_PLAYER_LIMIT: 'RS_ERROR_LIMIT_REACHED',
  EXPOSURE_LIMIT_REACHED: 'RS_ERROR_LIMIT_REACHED',
};
