import type { LedgerCode } from '@backlay/ledger';
import { reject, type Rejection, type RejectionKind } from '../../platform/rejections.ts';

/**
 * What kind of failure each ledger result code is (docs/decisions/0014): malformed input is invalid; a
 * missing thing is not found; a request that conflicts with what is already recorded is a conflict; a
 * well-formed request the current balances or holds cannot cover is unprocessable.
 */
export const REJECTION_KIND_FOR: Readonly<Record<LedgerCode, RejectionKind>> = {
  INVALID_KEY: 'invalid',
  INVALID_FIELD: 'invalid',
  INVALID_AMOUNT: 'invalid',
  INVALID_KIND: 'invalid',
  SAME_ACCOUNT: 'invalid',
  RESERVED_ACCOUNT: 'invalid',
  UNKNOWN_ACCOUNT: 'not_found',
  UNKNOWN_TRANSFER: 'not_found',
  UNKNOWN_HOLD: 'not_found',
  DUPLICATE_KEY_DIFFERENT_BODY: 'conflict',
  ALREADY_REVERSED: 'conflict',
  HOLD_EXISTS: 'conflict',
  HOLD_CLOSED: 'conflict',
  INSUFFICIENT_FUNDS: 'unprocessable',
  LOSS_LIMIT_REACHED: 'unprocessable',
  EXCEEDS_HOLD: 'unprocessable',
  NOT_REVERSIBLE: 'unprocessable',
};

/** A ledger rejection as a domain rejection; `overrides` rewords per use. */
export function ledgerRejection(
  rejection: { code: string; message: string },
  overrides: Partial<Record<LedgerCode, string>> = {},
): Rejection {
  const code = rejection.code as LedgerCode;
  return reject(REJECTION_KIND_FOR[code] ?? 'invalid', code, overrides[code] ?? rejection.message);
}
