import type { DashboardHistory } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { casinoTables } from '../casino/index.ts';
import { exchangeTables } from '../exchange/index.ts';
import { roundTables } from '../tables/index.ts';

export const HISTORY_BUCKET_SECONDS = 60;

/**
 * Every bet placed in [$1, $2) with the stake it adds to turnover, each product through its placement
 * index (migration 018), so the read is an index range over the period whatever the history behind it.
 * A bet counts as placed as the dashboard's bets per second counts it; its stake as turnover counts it
 * (matched on the exchange, void and rolled-back bets left out).
 */
const PLACED_WITH_STAKES = `
  SELECT placed_at AS at, CASE WHEN status <> 'VOID' THEN matched_minor ELSE 0 END AS stake
    FROM ${exchangeTables.bets} WHERE placed_at >= $1 AND placed_at < $2
  UNION ALL
  SELECT placed_at, CASE WHEN status <> 'VOID' THEN stake_minor ELSE 0 END
    FROM ${roundTables.tableBets} WHERE placed_at >= $1 AND placed_at < $2
  UNION ALL
  SELECT placed_at, CASE WHEN status <> 'VOID' THEN stake_minor ELSE 0 END
    FROM ${roundTables.crashBets} WHERE placed_at >= $1 AND placed_at < $2
  UNION ALL
  SELECT created_at, CASE WHEN bet_status <> 'ROLLED_BACK' THEN amount_minor ELSE 0 END
    FROM ${casinoTables.transactions} WHERE kind = 'BET' AND created_at >= $1 AND created_at < $2`;

/**
 * Bets and turnover per minute over the last `hours` whole minutes. The minute under way is left out:
 * half a minute would read as a sudden drop.
 */
export async function readDashboardHistory(
  sql: Sql,
  hours: number,
  nowMs: number,
): Promise<DashboardHistory> {
  const bucketMs = HISTORY_BUCKET_SECONDS * 1000;
  const endMs = Math.floor(nowMs / bucketMs) * bucketMs;
  const startMs = endMs - hours * 3_600_000;
  const rows = await sql.query<{ bucket: string; bets: string; turnover: string }>(
    `SELECT floor(extract(epoch FROM at) / ${HISTORY_BUCKET_SECONDS})::bigint::text AS bucket,
            count(*)::text AS bets, sum(stake)::text AS turnover
       FROM (${PLACED_WITH_STAKES}) placed GROUP BY 1`,
    [new Date(startMs).toISOString(), new Date(endMs).toISOString()],
  );
  const byBucket = new Map(rows.map((row) => [Number(row.bucket), row]));
  const points: DashboardHistory['points'] = [];
  for (let atMs = startMs; atMs < endMs; atMs += bucketMs) {
    const row = byBucket.get(atMs / bucketMs);
    points.push({
      at: new Date(atMs).toISOString(),
      bets: Number(row?.bets ?? 0),
      turnover: formatMinor(BigInt(row?.turnover ?? 0)),
    });
  }
  return { from: new Date(startMs).toISOString(), bucketSeconds: HISTORY_BUCKET_SECONDS, points };
}

/**
 * The history changes once a minute, so every reader of the same minute and length shares one read
 * (a console left open on the dashboard polls it).
 */
export class DashboardHistorySource {
  #latest = new Map<number, { endMs: number; history: Promise<DashboardHistory> }>();

  constructor(private readonly sql: Sql) {}

  read(hours: number, nowMs = Date.now()): Promise<DashboardHistory> {
    const endMs = Math.floor(nowMs / (HISTORY_BUCKET_SECONDS * 1000)) * HISTORY_BUCKET_SECONDS * 1000;
    const latest = this.#latest.get(hours);
    if (latest && latest.endMs === endMs) return latest.history;
    const entry = { endMs, history: readDashboardHistory(this.sql, hours, nowMs) };
    this.#latest.set(hours, entry);
    entry.history.catch(() => {
      if (this.#latest.get(hours) === entry) this.#latest.delete(hours);
    });
    return entry.history;
  }
}
