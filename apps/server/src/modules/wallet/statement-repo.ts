import type { StatementRow, StatementType } from '@backlay/contracts';
import { formatMinor, playerCashAccountId } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { likePattern } from '../../platform/sql-text.ts';

/** A transfer's line on a statement: its own remark, else its kind in words. */
export const REMARK = `CASE t.kind
           WHEN 'BET_HOLD' THEN 'Exposure held' || CASE WHEN t.remark = '' THEN '' ELSE ': ' || t.remark END
           WHEN 'BET_RELEASE' THEN 'Exposure released' || CASE WHEN t.remark = '' THEN '' ELSE ': ' || t.remark END
           ELSE coalesce(nullif(t.remark, ''), CASE t.kind
             WHEN 'DEPOSIT' THEN 'Deposit' WHEN 'WITHDRAW' THEN 'Withdrawal' WHEN 'BET_WIN' THEN 'Bet won' WHEN 'BET_LOSS' THEN 'Bet lost'
             WHEN 'COMMISSION' THEN 'Commission' WHEN 'CASINO_BET' THEN 'Casino bet'
             WHEN 'CASINO_WIN' THEN 'Casino win' WHEN 'REVERSAL' THEN 'Reversal' ELSE 'Bet settled' END)
         END AS remark`;

/**
 * One row per transfer touching the player's cash account (docs/decisions/0015). Pts is the balance
 * stored on the transfer when it was posted, so it is right on every page without summing history.
 * A reversal belongs to the category of what it reverses.
 */
const ROWS = `
  SELECT t.id, t.created_at,
         CASE WHEN t.credit_account_id = $1 THEN t.amount_minor ELSE 0 END::bigint AS credit_minor,
         CASE WHEN t.debit_account_id = $1 THEN t.amount_minor ELSE 0 END::bigint AS debit_minor,
         CASE WHEN t.credit_account_id = $1 THEN t.credit_balance_after_minor
              ELSE t.debit_balance_after_minor END AS pts_minor,
         ${REMARK},
         CASE
           WHEN coalesce(o.kind, t.kind) IN ('DEPOSIT', 'WITHDRAW') THEN 'deposit_withdraw'
           WHEN coalesce(o.kind, t.kind) IN ('CASINO_BET', 'CASINO_WIN') OR t.reference LIKE 'casino:%' THEN 'casino'
           ELSE 'sports'
         END AS category
    FROM transfers t LEFT JOIN transfers o ON o.id = t.reverses_transfer_id
   WHERE (t.debit_account_id = $1 OR t.credit_account_id = $1)
     AND t.created_at >= $2 AND t.created_at < $3`;

const FILTER = `WHERE ($4::text = 'all' OR category = $4) AND ($5::text IS NULL OR remark ILIKE $5)`;

type Row = {
  id: bigint;
  created_at: Date | string;
  credit_minor: bigint;
  debit_minor: bigint;
  pts_minor: bigint;
  remark: string;
};

export type StatementFilter = {
  playerId: string;
  startMs: number;
  endExclusiveMs: number;
  type: StatementType;
  search?: string | undefined;
  page: number;
  pageSize: number;
};

export async function readStatement(
  sql: Sql,
  filter: StatementFilter,
): Promise<{ items: StatementRow[]; total: number }> {
  const offset = (filter.page - 1) * filter.pageSize;
  const params = [
    playerCashAccountId(filter.playerId),
    new Date(filter.startMs).toISOString(),
    new Date(filter.endExclusiveMs).toISOString(),
    filter.type,
    filter.search ? likePattern(filter.search) : null,
  ];
  const rows = await sql.query<Row>(
    `SELECT * FROM (${ROWS}) r ${FILTER} ORDER BY id DESC LIMIT $6 OFFSET $7`,
    [...params, filter.pageSize, offset],
  );
  const [count] = await sql.query<{ total: bigint }>(
    `SELECT count(*) AS total FROM (${ROWS}) r ${FILTER}`,
    params,
  );
  const items = rows.map((row, index) => ({
    id: String(row.id),
    date: new Date(row.created_at).toISOString(),
    srNo: offset + index + 1,
    credit: formatMinor(BigInt(row.credit_minor)),
    debit: formatMinor(BigInt(row.debit_minor)),
    pts: formatMinor(BigInt(row.pts_minor)),
    remark: row.remark,
  }));
  return { items, total: Number(count?.total ?? 0n) };
}
