import type { Sql } from '../db/database.ts';

/** How a table was read: scans of each kind, and rows read by sequential scans and index probes. */
export type TableReads = { seqScans: number; indexScans: number; rows: number };

type Counts = Record<string, TableReads>;

/**
 * This transaction's reads of the named tables of the current schema so far
 * (pg_stat_xact_user_tables, which includes counts not yet reported).
 */
async function countsOf(sql: Sql, tables: readonly string[]): Promise<Counts> {
  const rows = await sql.query<{ name: string; seq: string; idx: string; rows: string }>(
    `SELECT relname AS name, seq_scan::text AS seq, coalesce(idx_scan, 0)::text AS idx,
            (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::text AS rows
       FROM pg_stat_xact_user_tables
      WHERE schemaname = current_schema() AND relname = ANY ($1::text[])`,
    [tables],
  );
  const counts: Counts = {};
  for (const table of tables) counts[table] = { seqScans: 0, indexScans: 0, rows: 0 };
  for (const row of rows) {
    counts[row.name] = { seqScans: Number(row.seq), indexScans: Number(row.idx), rows: Number(row.rows) };
  }
  return counts;
}

const combined = (a: TableReads, b: TableReads, sign: 1 | -1): TableReads => ({
  seqScans: a.seqScans + sign * b.seqScans,
  indexScans: a.indexScans + sign * b.indexScans,
  rows: a.rows + sign * b.rows,
});

/**
 * What `work` read of these tables, by table and in all. `sql` must be the transaction `work` runs
 * in: the counts are this backend's.
 */
export async function readsDuring<Result>(
  sql: Sql,
  tables: readonly string[],
  work: () => Promise<Result>,
): Promise<{ result: Result; byTable: Counts; total: TableReads }> {
  const before = await countsOf(sql, tables);
  const result = await work();
  const after = await countsOf(sql, tables);
  const byTable: Counts = {};
  let total: TableReads = { seqScans: 0, indexScans: 0, rows: 0 };
  for (const table of tables) {
    byTable[table] = combined(after[table]!, before[table]!, -1);
    total = combined(total, byTable[table], 1);
  }
  return { result, byTable, total };
}
