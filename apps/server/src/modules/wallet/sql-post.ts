import {
  messageFor,
  type Hold,
  type LedgerCode,
  type LedgerRequest,
  type LedgerResult,
  type PlannedTransfer,
} from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import {
  changesFromBalances,
  decodeResult,
  encodeHold,
  legsJson,
  type BalanceChange,
  type LegInput,
  type ResultJson,
} from './ledger-codec.ts';

/** A ledger result plus what to publish once the enclosing transaction has committed. */
export type LedgerOutcome = {
  result: LedgerResult;
  /** True when the key had already succeeded: the first result, nothing moved again. */
  replayed: boolean;
  changes: BalanceChange[];
};

export function rejected(code: LedgerCode): LedgerOutcome {
  return { result: { ok: false, code, message: messageFor(code) }, replayed: false, changes: [] };
}

/** The stored answer for a key that already succeeded, or DUPLICATE_KEY_DIFFERENT_BODY; null if new. */
export async function previousOutcome(
  sql: Sql,
  request: LedgerRequest,
  fingerprint: string,
): Promise<LedgerOutcome | null> {
  const [row] = await sql.query<{ fingerprint: string; result: ResultJson }>(
    'SELECT fingerprint, result FROM ledger_operations WHERE idempotency_key = $1',
    [request.idempotencyKey],
  );
  if (!row) return null;
  if (row.fingerprint !== fingerprint) return rejected('DUPLICATE_KEY_DIFFERENT_BODY');
  return { result: decodeResult(row.result), replayed: true, changes: [] };
}

/** Locks both accounts of each player behind `accountIds`, in id order; answers the ids locked. */
export async function lockPlayers(sql: Sql, accountIds: readonly string[]): Promise<string[]> {
  const rows = await sql.query<{ account_id: string }>('SELECT account_id FROM ledger_lock_players($1)', [
    accountIds,
  ]);
  return rows.map((row) => row.account_id);
}

export type PostContext = { reference: string; holdId: string | null; reverses: bigint | null };

/** Posts the legs all-or-none, stores the hold's next state and the operation, answers the result. */
export async function post(
  sql: Sql,
  request: LedgerRequest,
  fingerprint: string,
  legs: readonly (PlannedTransfer | LegInput)[],
  context: PostContext,
  hold: Hold | null,
  accountIds: readonly string[],
): Promise<LedgerOutcome> {
  const [row] = await sql.query<{ posted: unknown[] | null }>(
    'SELECT ledger_apply_legs($1, $2::jsonb, $3, $4, $5, $6) AS posted',
    [
      request.idempotencyKey,
      legsJson(legs),
      request.remark,
      context.reference,
      context.holdId,
      context.reverses,
    ],
  );
  if (!row?.posted) return rejected(await legsRefusalCode(sql, legs, context));
  if (hold) await saveHold(sql, hold, request.op === 'reserveHold');
  const stored = { ok: true, transfers: row.posted, hold: hold ? encodeHold(hold) : null };
  await sql.query(
    'INSERT INTO ledger_operations (idempotency_key, fingerprint, result) VALUES ($1, $2, $3)',
    [request.idempotencyKey, fingerprint, JSON.stringify(stored)],
  );
  const result = decodeResult(stored as ResultJson);
  if (result.transfers.length === 0) return { result, replayed: false, changes: [] };
  const [balances] = await sql.query<{ b: Record<string, string> }>(
    'SELECT ledger_player_balances($1) AS b',
    [accountIds],
  );
  const version = Math.max(...result.transfers.map((transfer) => transfer.id));
  return { result, replayed: false, changes: changesFromBalances(balances?.b ?? {}, version) };
}

/** A new hold is a plain insert, so a concurrent reserve of the same id fails and is retried. */
async function saveHold(sql: Sql, hold: Hold, isNew: boolean): Promise<void> {
  if (isNew) {
    await sql.query(
      `INSERT INTO holds (hold_id, player_id, state, held_minor, posted_minor, destination_account_id, reference)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        hold.holdId,
        hold.playerId,
        hold.state,
        hold.heldMinor,
        hold.postedMinor,
        hold.destinationAccountId,
        hold.reference,
      ],
    );
    return;
  }
  await sql.query(
    `UPDATE holds SET state = $2, held_minor = $3, posted_minor = $4, destination_account_id = $5
      WHERE hold_id = $1`,
    [hold.holdId, hold.state, hold.heldMinor, hold.postedMinor, hold.destinationAccountId],
  );
}

/** Why the ledger refused legs: the funds, or (for a stake, not a reversal) the player's loss limit. */
async function legsRefusalCode(
  sql: Sql,
  legs: readonly (PlannedTransfer | LegInput)[],
  context: PostContext,
): Promise<'INSUFFICIENT_FUNDS' | 'LOSS_LIMIT_REACHED'> {
  if (context.reverses !== null) return 'INSUFFICIENT_FUNDS';
  const [row] = await sql.query<{ code: 'INSUFFICIENT_FUNDS' | 'LOSS_LIMIT_REACHED' }>(
    'SELECT ledger_refusal($1::jsonb) AS code',
    [legsJson(legs)],
  );
  return row?.code ?? 'INSUFFICIENT_FUNDS';
}
