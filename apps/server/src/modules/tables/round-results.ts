import { TABLE_GAMES } from '@backlay/tables';
import type { Sql } from '../../db/database.ts';
import { resultOf, type ResultRow, type RoundBatch, type RoundSource } from '../shares/index.ts';
import { CRASH_TABLE_ID } from './deps.ts';

const scopeOf = (tableId: string) => `table:${tableId}`;
const marketOf = (tableId: string) => (tableId === CRASH_TABLE_ID ? 'crash' : `table:${tableId}`);

/**
 * A table's (or the crash game's) settled rounds after a round id, oldest first, with each player's
 * result: payouts − stakes of its bets that were not voided (docs/decisions/0297). A table has one open
 * round at a time and the next is created only once it is settled, so a table's rounds settle in id
 * order and the cursor passes none still open.
 */
async function readFinished(sql: Sql, scope: string, after: bigint, limit: number): Promise<RoundBatch> {
  const tableId = scope.slice('table:'.length);
  // Ordered by the bigint column, not its text (where "999" sorts after "1000").
  const rounds = await sql.query<{ id: string }>(
    `SELECT r.id::text AS id FROM table_rounds r
      WHERE r.table_id = $1 AND r.id > $2 AND r.status IN ('SETTLED', 'VOID') ORDER BY r.id LIMIT $3`,
    [tableId, after.toString(), limit],
  );
  if (rounds.length === 0) return { results: [], position: after };
  const rows = await sql.query<ResultRow>(
    `SELECT to_char(r.settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, b.player_id,
            min(b.placed_at) AS placed_at, sum(b.payout_minor - b.stake_minor)::text AS result,
            sum(b.stake_minor)::text AS turnover
       FROM table_rounds r
       JOIN (SELECT round_id, player_id, placed_at, payout_minor, stake_minor FROM table_bets
              WHERE round_id = ANY ($1::bigint[]) AND status <> 'VOID'
             UNION ALL
             SELECT round_id, player_id, placed_at, payout_minor, stake_minor FROM crash_bets
              WHERE round_id = ANY ($1::bigint[]) AND status <> 'VOID') b ON b.round_id = r.id
      WHERE r.id = ANY ($1::bigint[])
      GROUP BY r.id, r.settled_at, b.player_id`,
    [rounds.map((round) => round.id)],
  );
  const marketId = marketOf(tableId);
  return {
    position: BigInt(rounds[rounds.length - 1]!.id),
    results: rows.map((row) => resultOf(marketId, row)),
  };
}

/** Every table's rounds and the crash game's, one cursor each, for the sharing job. */
export const tableRounds: RoundSource = {
  scopes: [...TABLE_GAMES.map((game) => scopeOf(game.id)), scopeOf(CRASH_TABLE_ID)],
  readFinished,
};
