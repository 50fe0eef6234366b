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
  INSUFFICIENT_FUNDS: { kind: 'unprocessable', message: ADMISSION_MESSAGES.INSUFFICIENT_FUNDS },
};

const rejectionOf = rejectionsFrom(ADMISSION_REJECTIONS);

export const admissionRejection = (refusal: { code: AdmissionCode }): Rejection => rejectionOf(refusal.code);

/**
 * The same refusals in the seamless wallet's protocol, which has no status of its own for an account
 * the operator closed: a suspended or unknown player's launch token is no longer good.
 */
export const CASINO_STATUS_OF: Readonly<Record<AdmissionCode, CasinoWalletStatus>> = {
  UNKNOWN_PLAYER: 'RS_ERROR_INVALID_TOKEN',
  PLAYER_SUSPENDED: 'RS_ERROR_INVALID_TOKEN',
  INSUFFICIENT_FUNDS: 'RS_ERROR_NOT_ENOUGH_MONEY',
};
