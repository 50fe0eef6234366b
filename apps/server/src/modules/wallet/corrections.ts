import type { Sql } from '../../db/database.ts';

/**
 * The ledger's side of the exchange's corrections (docs/decisions/0251, 0252): a void's check that the
 * counterparties can cover what it leaves held, and a re-settlement's reversals and overdrafts.
 */

/**
 * Locks the players' cash rows in account order (as every ledger write does, so this cannot deadlock
 * with them) and reads their balances, by account id.
 */
export async function lockPlayersCash(
  tx: Sql,
  cashAccountIds: readonly string[],
): Promise<Map<string, bigint>> {
  await tx.query('SELECT count(*) FROM ledger_lock_players($1::text[])', [cashAccountIds]);
  const cash = await tx.query<{ account_id: string; balance_minor: bigint | string }>(
    'SELECT account_id, balance_minor FROM accounts WHERE account_id = ANY ($1::text[])',
    [cashAccountIds],
  );
  return new Map(cash.map((row) => [row.account_id, BigInt(row.balance_minor)]));
}

export type StandingTransfer = {
  id: string | number;
  debit_account_id: string;
  credit_account_id: string;
  amount_minor: bigint | string;
  idempotency_key: string;
};

/** The transfers posted under these keys that no reversal has undone yet, oldest first. */
export function readStandingTransfers(
  tx: Sql,
  idempotencyKeys: readonly string[],
): Promise<StandingTransfer[]> {
  return tx.query<StandingTransfer>(
    `SELECT t.id, t.debit_account_id, t.credit_account_id, t.amount_minor, t.idempotency_key
       FROM transfers t
      WHERE t.idempotency_key = ANY ($1::text[])
        AND NOT EXISTS (SELECT 1 FROM transfers r WHERE r.reverses_transfer_id = t.id)
      ORDER BY t.id`,
    [idempotencyKeys],
  );
}

/**
 * Lets the re-settlement's postings take a player's cash below zero (docs/decisions/0252): locks the
 * players in account order (as every ledger write does, so this cannot deadlock with them), raises the
 * overdraft of each player the moves leave short to that shortfall, and allows the transaction to use
 * it. Money to players moves first (resettle.ts), so the end of the moves is each player's lowest.
 */
export async function allowOverdrafts(tx: Sql, moves: ReadonlyMap<string, bigint>): Promise<void> {
  if (moves.size === 0) return;
  await tx.query('SELECT 1 FROM ledger_lock_players($1::text[])', [[...moves.keys()]]);
  await tx.query(
    `UPDATE accounts a SET overdraft_minor = GREATEST(a.overdraft_minor, -(a.balance_minor + m.delta))
       FROM (SELECT key AS account_id, value::bigint AS delta FROM jsonb_each_text($1::jsonb)) m
      WHERE a.account_id = m.account_id AND a.balance_minor + m.delta < 0`,
    [JSON.stringify(Object.fromEntries([...moves].map(([id, delta]) => [id, delta.toString()])))],
  );
  await tx.query("SELECT set_config('ledger.overdraft', 'on', true)");
}

/**
 * After the postings: no other write of the transaction may use an overdraft, and each player's
 * overdraft is exactly the debt left, so a later re-settlement starts from it and a player back above
 * zero keeps none.
 */
export async function closeOverdrafts(tx: Sql, accountIds: readonly string[]): Promise<void> {
  if (accountIds.length === 0) return;
  await tx.query("SELECT set_config('ledger.overdraft', '', true)");
  await tx.query(
    `UPDATE accounts SET overdraft_minor = GREATEST(0, -balance_minor)
      WHERE account_id = ANY ($1::text[]) AND overdraft_minor <> GREATEST(0, -balance_minor)`,
    [accountIds],
  );
}

/** The pending holds whose ids begin with `holdIdPrefix` (a market's, as its unit is rebuilt). */
export function readPendingHolds(
  sql: Sql,
  holdIdPrefix: string,
): Promise<{ hold_id: string; held_minor: bigint | string }[]> {
  return sql.query<{ hold_id: string; held_minor: bigint | string }>(
    `SELECT hold_id, held_minor FROM holds WHERE hold_id LIKE $1 AND state = 'PENDING'`,
    [`${holdIdPrefix}%`],
  );
}
