/**
 * Result codes for expected rejections. They are returned, never thrown, and map to a 4xx at the route.
 * The SQL adapter must return the same code as the reference ledger for the same state and request.
 */
export const LEDGER_CODES = [
  'INVALID_KEY',
  'INVALID_FIELD',
  'INVALID_AMOUNT',
  'INVALID_KIND',
  'SAME_ACCOUNT',
  'DUPLICATE_KEY_DIFFERENT_BODY',
  'UNKNOWN_ACCOUNT',
  'RESERVED_ACCOUNT',
  'INSUFFICIENT_FUNDS',
  'LOSS_LIMIT_REACHED',
  'UNKNOWN_TRANSFER',
  'NOT_REVERSIBLE',
  'ALREADY_REVERSED',
  'UNKNOWN_HOLD',
  'HOLD_EXISTS',
  'HOLD_CLOSED',
  'EXCEEDS_HOLD',
] as const;
export type LedgerCode = (typeof LEDGER_CODES)[number];

const MESSAGES: Readonly<Record<LedgerCode, string>> = {
  INVALID_KEY: 'The idempotency key must be 1 to 128 printable characters without spaces.',
  INVALID_FIELD: 'A required field is missing, malformed or too long.',
  INVALID_AMOUNT: 'The amount is not a valid amount for this operation.',
  INVALID_KIND: 'This transfer kind cannot be used here.',
  SAME_ACCOUNT: 'A transfer needs two different accounts.',
  DUPLICATE_KEY_DIFFERENT_BODY: 'This idempotency key was already used for a different request.',
  UNKNOWN_ACCOUNT: 'Unknown account.',
  RESERVED_ACCOUNT: 'Exposure hold accounts only move through hold operations.',
  INSUFFICIENT_FUNDS: 'Insufficient balance.',
  LOSS_LIMIT_REACHED: 'This stake would take your net loss past the loss limit you set.',
  UNKNOWN_TRANSFER: 'Unknown transfer.',
  NOT_REVERSIBLE: 'This transfer cannot be reversed.',
  ALREADY_REVERSED: 'This transfer has already been reversed.',
  UNKNOWN_HOLD: 'Unknown hold.',
  HOLD_EXISTS: 'A hold with this id already exists.',
  HOLD_CLOSED: 'This hold is already settled or voided.',
  EXCEEDS_HOLD: 'The amount is larger than the amount held.',
};

export function messageFor(code: LedgerCode): string {
  return MESSAGES[code];
}

export function isLedgerCode(value: unknown): value is LedgerCode {
  return typeof value === 'string' && (LEDGER_CODES as readonly string[]).includes(value);
}
