import {
  casinoAmountSchema,
  casinoBalanceCallbackSchema,
  casinoBetCallbackSchema,
  casinoIdSchema,
  casinoRollbackCallbackSchema,
  casinoWinCallbackSchema,
  type CasinoBalanceCallback,
  type CasinoBetCallback,
  type CasinoWalletStatus,
  type CasinoWinCallback,
} from '@backlay/contracts';
import { isFresh, verifySignature } from '@backlay/contracts/casino-signature';
import { MINOR_PER_UNIT } from '@backlay/ledger';

export const CALLBACK_KINDS = ['balance', 'bet', 'win', 'rollback'] as const;
export type CallbackKind = (typeof CALLBACK_KINDS)[number];

/** A verified, well-typed callback; money callbacks carry their amount in minor units. */
export type Callback =
  | { kind: 'balance'; body: CasinoBalanceCallback }
  | { kind: 'bet'; body: CasinoBetCallback; amountMinor: bigint }
  | { kind: 'win' | 'rollback'; body: CasinoWinCallback; amountMinor: bigint };

/** What a refused, signed body carried readably, for the record of refusals (null: nothing readable). */
export type RequestFields = {
  transactionId: string | null;
  roundId: string | null;
  referenceTransactionId: string | null;
  amountMinor: bigint | null;
};

export type ParsedCallback =
  | { ok: true; callback: Callback }
  /**
   * `token` when the body named one, so the refusal can still report that player's balance; with it
   * `fields`, what else the body carried.
   */
  | { ok: false; status: CasinoWalletStatus; token?: string; fields?: RequestFields };

const SCHEMAS = {
  balance: casinoBalanceCallbackSchema,
  bet: casinoBetCallbackSchema,
  win: casinoWinCallbackSchema,
  rollback: casinoRollbackCallbackSchema,
} as const;

/**
 * Signature over the exact bytes first (nothing unauthenticated is parsed further), then freshness,
 * then the shape. A genuine body that is too old is treated like a forged one: it may be a replay.
 */
export function parseCallback(
  kind: CallbackKind,
  rawBody: string,
  signature: unknown,
  secret: string,
  nowMs: number,
): ParsedCallback {
  if (!verifySignature(secret, rawBody, signature))
    return { ok: false, status: 'RS_ERROR_INVALID_SIGNATURE' };
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { ok: false, status: 'RS_ERROR_WRONG_TYPES' };
  }
  const fields = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  const token = typeof fields.token === 'string' && fields.token.length <= 200 ? fields.token : undefined;
  const refused = (status: CasinoWalletStatus): ParsedCallback =>
    token === undefined ? { ok: false, status } : { ok: false, status, token, fields: readable(fields) };
  if (typeof fields.timestamp !== 'number') return refused('RS_ERROR_WRONG_TYPES');
  if (!isFresh(fields.timestamp, nowMs)) return refused('RS_ERROR_INVALID_SIGNATURE');
  const parsed = SCHEMAS[kind].safeParse(json);
  if (!parsed.success) return refused('RS_ERROR_WRONG_TYPES');
  if (kind === 'balance') return { ok: true, callback: { kind, body: parsed.data } };
  const body = parsed.data as CasinoWinCallback;
  const amountMinor = amountToMinor(body.amount);
  // A bet must stake something; a win of 0 closes a lost round; a rollback's amount is informative.
  if (kind === 'bet' && amountMinor === 0n) return refused('RS_ERROR_WRONG_TYPES');
  if (kind === 'bet') return { ok: true, callback: { kind, body, amountMinor } };
  return { ok: true, callback: { kind, body, amountMinor } };
}

const idOrNull = (value: unknown): string | null =>
  typeof value === 'string' && casinoIdSchema.safeParse(value).success ? value : null;

/** The fields of a refused body that have the shape the protocol gives them. */
function readable(fields: Record<string, unknown>): RequestFields {
  const { amount } = fields;
  return {
    transactionId: idOrNull(fields.transactionId),
    roundId: idOrNull(fields.roundId),
    referenceTransactionId: idOrNull(fields.referenceTransactionId),
    amountMinor:
      typeof amount === 'string' && casinoAmountSchema.safeParse(amount).success
        ? amountToMinor(amount)
        : null,
  };
}

/** "12.5" → 1250n. The schema has already fixed the shape: digits, at most two decimals. */
function amountToMinor(amount: string): bigint {
  const [units = '0', cents = ''] = amount.split('.');
  return BigInt(units) * MINOR_PER_UNIT + BigInt(cents.padEnd(2, '0'));
}
