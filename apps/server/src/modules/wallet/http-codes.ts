import type { LedgerCode } from '@backlay/ledger';
import { HttpError } from '../../lib/http-errors.ts';

/**
 * Ledger result codes → HTTP (docs/decisions/0014). Malformed input is 400; a missing thing is 404; a
 * request that conflicts with what is already recorded is 409; a well-formed request the current
 * balances or holds cannot cover is 422. The body always carries the ledger's message and code.
 */
export const HTTP_STATUS_FOR: Readonly<Record<LedgerCode, number>> = {
  INVALID_KEY: 400,
  INVALID_FIELD: 400,
  INVALID_AMOUNT: 400,
  INVALID_KIND: 400,
  SAME_ACCOUNT: 400,
  RESERVED_ACCOUNT: 400,
  UNKNOWN_ACCOUNT: 404,
  UNKNOWN_TRANSFER: 404,
  UNKNOWN_HOLD: 404,
  DUPLICATE_KEY_DIFFERENT_BODY: 409,
  ALREADY_REVERSED: 409,
  HOLD_EXISTS: 409,
  HOLD_CLOSED: 409,
  INSUFFICIENT_FUNDS: 422,
  EXCEEDS_HOLD: 422,
  NOT_REVERSIBLE: 422,
};

/** Turns a ledger rejection into the HttpError the error handler answers; `overrides` rewords per route. */
export function ledgerHttpError(
  rejection: { code: string; message: string },
  overrides: Partial<Record<LedgerCode, string>> = {},
): HttpError {
  const code = rejection.code as LedgerCode;
  const status = HTTP_STATUS_FOR[code] ?? 400;
  return new HttpError(status, overrides[code] ?? rejection.message, code);
}
