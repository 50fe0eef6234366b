import type pg from 'pg';
import { inSnapshot } from './snapshot.ts';

/**
 * ledger_audit() in one snapshot, so the load's concurrent transfers cannot tear it: one line per
 * problem ("BALANCE_NOT_FOLD hold:…"), none when the ledger sums to zero and every balance equals its
 * transfers.
 */
export function ledgerAudit(pool: pg.Pool): Promise<string[]> {
  return inSnapshot(pool, async (reader) => {
    const { rows } = await reader.query<{ problem: string; account_id: string | null }>(
      'SELECT problem, account_id FROM ledger_audit()',
    );
    return rows.map((row) => `${row.problem} ${row.account_id ?? ''}`.trim());
  });
}
