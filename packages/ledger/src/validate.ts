import type { LedgerCode } from './codes.ts';
import { MAX_LEDGER_AMOUNT_MINOR } from './money.ts';
import { PLAIN_TRANSFER_KINDS, type LedgerRequest } from './types.ts';

/** Every text field has a ceiling; the SQL columns use the same lengths. */
export const LEDGER_LIMITS = {
  keyMaxChars: 128,
  idMaxChars: 128,
  /** Shorter than other ids so that `cash:<playerId>` still fits the account id limit. */
  playerIdMaxChars: 64,
  remarkMaxChars: 256,
  referenceMaxChars: 128,
} as const;

const PRINTABLE_NO_SPACE = /^[\x21-\x7e]+$/;

/** Idempotency keys: 1–128 printable ASCII characters, no spaces (UUIDs, casino transaction ids…). */
export function checkKey(key: unknown): LedgerCode | null {
  const valid =
    typeof key === 'string' && key.length <= LEDGER_LIMITS.keyMaxChars && PRINTABLE_NO_SPACE.test(key);
  return valid ? null : 'INVALID_KEY';
}

/** Account, hold and player ids: 1–128 printable ASCII characters without spaces. */
export function isValidId(value: unknown): boolean {
  return (
    typeof value === 'string' && value.length <= LEDGER_LIMITS.idMaxChars && PRINTABLE_NO_SPACE.test(value)
  );
}

/** Player ids: like other ids but at most 64 characters. */
export function isValidPlayerId(value: unknown): boolean {
  return isValidId(value) && (value as string).length <= LEDGER_LIMITS.playerIdMaxChars;
}

function isText(value: unknown, maxChars: number): boolean {
  return typeof value === 'string' && value.length <= maxChars;
}

/** Amount of a transfer: 0 < amount ≤ MAX_LEDGER_AMOUNT_MINOR. Hold amounts may also be zero. */
function isAmount(value: unknown, allowZero: boolean): boolean {
  if (typeof value !== 'bigint' || value > MAX_LEDGER_AMOUNT_MINOR) return false;
  return allowZero ? value >= 0n : value > 0n;
}

/**
 * Stateless checks of a request body, in a fixed order: INVALID_FIELD (ids, remark, reference),
 * INVALID_AMOUNT, INVALID_KIND, SAME_ACCOUNT. Shared by the reference ledger and the SQL adapter, so
 * both reject malformed bodies with the same code before touching state.
 */
export function validateRequest(request: LedgerRequest): LedgerCode | null {
  if (!isText(request.remark, LEDGER_LIMITS.remarkMaxChars)) return 'INVALID_FIELD';
  switch (request.op) {
    case 'transfer':
      if (!isValidId(request.debitAccountId) || !isValidId(request.creditAccountId)) return 'INVALID_FIELD';
      if (!isText(request.reference, LEDGER_LIMITS.referenceMaxChars)) return 'INVALID_FIELD';
      if (!isAmount(request.amountMinor, false)) return 'INVALID_AMOUNT';
      if (!(PLAIN_TRANSFER_KINDS as readonly string[]).includes(request.kind)) return 'INVALID_KIND';
      return request.debitAccountId === request.creditAccountId ? 'SAME_ACCOUNT' : null;
    case 'reverse':
      return Number.isSafeInteger(request.transferId) && request.transferId > 0 ? null : 'INVALID_FIELD';
    case 'reserveHold':
      if (!isValidId(request.holdId) || !isValidPlayerId(request.playerId)) return 'INVALID_FIELD';
      if (!isText(request.reference, LEDGER_LIMITS.referenceMaxChars)) return 'INVALID_FIELD';
      return isAmount(request.amountMinor, true) ? null : 'INVALID_AMOUNT';
    case 'resizeHold':
      if (!isValidId(request.holdId)) return 'INVALID_FIELD';
      return isAmount(request.amountMinor, true) ? null : 'INVALID_AMOUNT';
    case 'postHold':
      if (!isValidId(request.holdId) || !isValidId(request.destinationAccountId)) return 'INVALID_FIELD';
      return isAmount(request.amountMinor, true) ? null : 'INVALID_AMOUNT';
    case 'voidHold':
      return isValidId(request.holdId) ? null : 'INVALID_FIELD';
    default:
      return 'INVALID_FIELD';
  }
}
