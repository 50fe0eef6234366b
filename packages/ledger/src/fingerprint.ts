import type { LedgerOp, LedgerRequest } from './types.ts';

/**
 * The body fields of each operation, i.e. everything but the idempotency key. Only these take part in
 * the fingerprint, so extra properties on a request object can never make a faithful replay look like a
 * different body.
 */
export const REQUEST_FIELDS: Readonly<Record<LedgerOp, readonly string[]>> = {
  transfer: ['amountMinor', 'creditAccountId', 'debitAccountId', 'kind', 'reference', 'remark'],
  reverse: ['remark', 'transferId'],
  reserveHold: ['amountMinor', 'holdId', 'playerId', 'reference', 'remark'],
  resizeHold: ['amountMinor', 'holdId', 'remark'],
  postHold: ['amountMinor', 'destinationAccountId', 'holdId', 'remark'],
  voidHold: ['holdId', 'remark'],
};

/** Bumped if the encoding ever changes, so stored fingerprints of old operations stay comparable. */
const FINGERPRINT_VERSION = 'v1';

/**
 * Canonical, stable string of a request's body: `v1|<op>|field=value|…` with fields in the fixed order
 * above; strings are JSON-quoted, bigints end in `n`, numbers are plain, anything else is `?<type>`.
 * Two requests with the same key are "the same request" exactly when their fingerprints are equal. The
 * SQL adapter stores this (or a hash of it) next to the idempotency key.
 */
export function fingerprintOf(request: LedgerRequest): string {
  const fields = REQUEST_FIELDS[request.op] ?? [];
  const values = request as unknown as Readonly<Record<string, unknown>>;
  const parts = fields.map((field) => `${field}=${encodeValue(values[field])}`);
  return [FINGERPRINT_VERSION, JSON.stringify(String(request.op)), ...parts].join('|');
}

function encodeValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'bigint':
      return `${value}n`;
    case 'number':
      return Number.isFinite(value) ? String(value) : `?${String(value)}`;
    default:
      return `?${value === null ? 'null' : typeof value}`;
  }
}
