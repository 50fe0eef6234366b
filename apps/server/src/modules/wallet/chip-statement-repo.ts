import type { AccountStatement } from '@backlay/contracts';
import { formatMinor, playerCashAccountId } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { REMARK } from './statement-repo.ts';

type Row = {
  id: bigint | string;
  created_at: Date | string;
  kind: string;
  remark: string;
  amount_minor: bigint | string;
  pts_minor: bigint | string | null;
};

/**
 * The newest movements of one side, below the cursor: a range of the transfers' (account, id) index.
 * $1 the account, $2 the id to stay below, $3 the rows.
 */
const SIDE = (side: 'debit' | 'credit') => `
  (SELECT * FROM transfers WHERE ${side}_account_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3)`;

/**
 * A page of the chips of an agent's or player's cash account, newest first (docs/decisions/0294): each
 * transfer with its kind, remark, signed amount (in positive) and Pts, the balance stored on the
 * transfer when it was posted. The cursor is the last row's transfer id.
 */
export async function readChipStatement(
  sql: Sql,
  page: { userId: string; cursor?: string | undefined; limit: number },
): Promise<AccountStatement> {
  const account = playerCashAccountId(page.userId);
  const below = page.cursor ?? '9223372036854775807';
  const rows = await sql.query<Row>(
    `SELECT t.id, t.created_at, t.kind, ${REMARK},
            CASE WHEN t.credit_account_id = $1 THEN t.amount_minor ELSE -t.amount_minor END AS amount_minor,
            CASE WHEN t.credit_account_id = $1 THEN t.credit_balance_after_minor
                 ELSE t.debit_balance_after_minor END AS pts_minor
       FROM (${SIDE('debit')} UNION ALL ${SIDE('credit')}) t
      ORDER BY t.id DESC LIMIT $3`,
    [account, below, page.limit + 1],
  );
  const items = rows.slice(0, page.limit).map((row) => ({
    id: String(row.id),
    date: new Date(row.created_at).toISOString(),
    kind: row.kind,
    remark: row.remark,
    amount: formatMinor(BigInt(row.amount_minor)),
    pts: formatMinor(BigInt(row.pts_minor ?? 0)),
  }));
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > page.limit && last ? last.id : null };
}
