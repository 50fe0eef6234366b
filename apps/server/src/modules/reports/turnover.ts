import type { Sql } from '../../db/database.ts';
import { casinoTables } from '../casino/index.ts';
import { exchangeTables } from '../exchange/index.ts';
import { roundTables } from '../tables/index.ts';
import type { ReportWindow } from './report-window.ts';

/**
 * Turnover: the stakes of the bets placed in a window, every product through its placement index
 * (migration 018). The exchange counts what was matched (an unmatched offer is no bet yet); void bets
 * and rolled-back casino bets are left out. Parameters: $1 start, $2 end.
 */
const STAKES = `
  SELECT 'exchange' AS product, b.placed_at AS at, b.market_id, b.player_id, b.matched_minor AS stake
    FROM ${exchangeTables.bets} b
   WHERE b.placed_at >= $1 AND b.placed_at < $2 AND b.matched_minor > 0 AND b.status <> 'VOID'
  UNION ALL
  SELECT 'tables', t.placed_at, NULL, t.player_id, t.stake_minor
    FROM ${roundTables.tableBets} t WHERE t.placed_at >= $1 AND t.placed_at < $2 AND t.status <> 'VOID'
  UNION ALL
  SELECT 'crash', c.placed_at, NULL, c.player_id, c.stake_minor
    FROM ${roundTables.crashBets} c WHERE c.placed_at >= $1 AND c.placed_at < $2 AND c.status <> 'VOID'
  UNION ALL
  SELECT 'casino', k.created_at, NULL, k.player_id::text, k.amount_minor
    FROM ${casinoTables.transactions} k
   WHERE k.kind = 'BET' AND k.created_at >= $1 AND k.created_at < $2 AND k.bet_status <> 'ROLLED_BACK'`;

/** Turnover grouped by `key`, an SQL expression over `stakes` (product, at, market_id) and `extraJoins`. */
export async function turnoverBy(
  sql: Sql,
  window: Pick<ReportWindow, 'startMs' | 'endMs'>,
  key: string,
  extraJoins = '',
  extraParams: unknown[] = [],
): Promise<Map<string, bigint>> {
  const rows = await sql.query<{ key: string; turnover: string }>(
    `SELECT ${key} AS key, sum(stake)::text AS turnover FROM (${STAKES}) stakes ${extraJoins} GROUP BY 1`,
    [new Date(window.startMs).toISOString(), new Date(window.endMs).toISOString(), ...extraParams],
  );
  return new Map(rows.map((row) => [row.key, BigInt(row.turnover)]));
}

/**
 * Bets placed since `betsSinceMs` in every product, and the distinct players who placed one since
 * `playersSinceMs` (the earlier of the two).
 */
export async function recentBetting(sql: Sql, betsSinceMs: number, playersSinceMs: number) {
  const [row] = await sql.query<{ bets: string; players: string }>(
    `SELECT count(*) FILTER (WHERE at >= $2)::text AS bets, count(DISTINCT player_id)::text AS players
       FROM (${PLACED}) placed`,
    [new Date(playersSinceMs).toISOString(), new Date(betsSinceMs).toISOString()],
  );
  return { bets: Number(row?.bets ?? 0), players: Number(row?.players ?? 0) };
}

/** Every bet placed since $1. */
const PLACED = `
  SELECT placed_at AS at, player_id FROM ${exchangeTables.bets} WHERE placed_at >= $1
  UNION ALL SELECT placed_at, player_id FROM ${roundTables.tableBets} WHERE placed_at >= $1
  UNION ALL SELECT placed_at, player_id FROM ${roundTables.crashBets} WHERE placed_at >= $1
  UNION ALL SELECT created_at, player_id::text FROM ${casinoTables.transactions} WHERE kind = 'BET' AND created_at >= $1`;
