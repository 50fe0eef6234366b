import {
  playerCashAccountId,
  playerHoldAccountId,
  type Account,
  type Hold,
  type LedgerState,
  type Transfer,
} from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';

/**
 * Loads the whole ledger into the package's LedgerState (tests and audits: checkInvariants, comparison
 * with ReferenceLedger). A system account's balance is the sum of its shards.
 */
export async function loadLedgerState(sql: Sql): Promise<LedgerState> {
  const accountRows = await sql.query<{
    account_id: string;
    kind: Account['kind'];
    player_id: string | null;
    balance_minor: bigint;
    overdraft_minor: bigint;
  }>(
    `SELECT a.account_id, a.kind, a.player_id, a.overdraft_minor,
            a.balance_minor + coalesce((SELECT sum(s.balance_minor) FROM system_balance_shards s
                                         WHERE s.account_id = a.account_id), 0)::bigint AS balance_minor
       FROM accounts a ORDER BY a.account_id`,
  );
  const accounts = new Map<string, Account>();
  const balancesMinor = new Map<string, bigint>();
  const overdraftsMinor = new Map<string, bigint>();
  for (const row of accountRows) {
    accounts.set(row.account_id, { accountId: row.account_id, kind: row.kind, playerId: row.player_id });
    balancesMinor.set(row.account_id, BigInt(row.balance_minor));
    // A re-settlement's overdraft (docs/decisions/0252): how far below zero the cash may be.
    if (BigInt(row.overdraft_minor) > 0n) overdraftsMinor.set(row.account_id, BigInt(row.overdraft_minor));
  }
  const transferRows = await sql.query<Record<string, unknown>>('SELECT * FROM transfers ORDER BY id');
  const transfers: Transfer[] = transferRows.map((row) => ({
    id: Number(row.id),
    idempotencyKey: row.idempotency_key as string,
    debitAccountId: row.debit_account_id as string,
    creditAccountId: row.credit_account_id as string,
    amountMinor: row.amount_minor as bigint,
    kind: row.kind as Transfer['kind'],
    remark: row.remark as string,
    reference: row.reference as string,
    holdId: row.hold_id as string | null,
    reversesTransferId: row.reverses_transfer_id === null ? null : Number(row.reverses_transfer_id),
  }));
  const holdRows = await sql.query<Record<string, unknown>>('SELECT * FROM holds');
  const holds = new Map<string, Hold>(
    holdRows.map((row) => [
      row.hold_id as string,
      {
        holdId: row.hold_id as string,
        playerId: row.player_id as string,
        state: row.state as Hold['state'],
        heldMinor: row.held_minor as bigint,
        postedMinor: row.posted_minor as bigint,
        destinationAccountId: row.destination_account_id as string | null,
        reference: row.reference as string,
      },
    ]),
  );
  return { accounts, balancesMinor, transfers, holds, overdraftsMinor };
}

/** A player's spendable cash and exposure, plus the last transfer id that touched them (push order). */
export async function readPlayerBalances(
  sql: Sql,
  playerId: string,
): Promise<{ cashMinor: bigint; exposureMinor: bigint; version: number } | undefined> {
  const cash = playerCashAccountId(playerId);
  const hold = playerHoldAccountId(playerId);
  const [row] = await sql.query<{
    cash_minor: bigint | null;
    hold_minor: bigint | null;
    version: bigint | null;
  }>(
    `SELECT (SELECT balance_minor FROM accounts WHERE account_id = $1) AS cash_minor,
            (SELECT balance_minor FROM accounts WHERE account_id = $2) AS hold_minor,
            greatest((SELECT max(id) FROM transfers WHERE debit_account_id = $1),
                     (SELECT max(id) FROM transfers WHERE credit_account_id = $1),
                     (SELECT max(id) FROM transfers WHERE debit_account_id = $2),
                     (SELECT max(id) FROM transfers WHERE credit_account_id = $2)) AS version`,
    [cash, hold],
  );
  if (!row || row.cash_minor === null || row.hold_minor === null) return undefined;
  return { cashMinor: row.cash_minor, exposureMinor: row.hold_minor, version: Number(row.version ?? 0n) };
}

/** One violation found by ledger_audit(); amounts in minor units as decimal strings. */
export type AuditProblem = {
  problem: string;
  account_id: string | null;
  stored_minor: string | null;
  expected_minor: string | null;
};

/**
 * The full audit (docs/decisions/0012): every balance against the fold of its transfers, the total
 * against zero, hold accounts against pending holds. Empty when sound. Linear in the ledger's size, so it
 * is for tests and periodic runs, not for the request path.
 */
export async function auditLedger(sql: Sql): Promise<AuditProblem[]> {
  const rows = await sql.query<AuditProblem>(
    'SELECT problem, account_id, stored_minor::text, expected_minor::text FROM ledger_audit()',
  );
  return rows;
}
