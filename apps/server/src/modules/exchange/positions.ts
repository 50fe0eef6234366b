import type { Positions } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';

/** The most players a position book lists: those with the largest liability first. */
export const MAX_POSITION_PLAYERS = 500;

/** A player's position on a runner; with no player, the total of every player on it. */
type Row = { player_id: string | null; email: string | null; runner_id: string; if_wins: string | bigint };

/**
 * A runner market's book if each runner wins (docs/decisions/0238), from the matched part of every bet,
 * each bet's winnings rounded down as settlement rounds them: a back wins Σ size × (price − 1) if its
 * runner wins and loses its matched stake otherwise; a lay the opposite. One statement, so the book is
 * one consistent snapshot; `null` for a market that does not exist.
 */
export async function readPositions(sql: Sql, marketId: string): Promise<Positions | null> {
  const runners = await sql.query<{ runner_id: string; name: string }>(
    `SELECT r.runner_id, r.name FROM runners r WHERE r.market_id = $1 ORDER BY r.sort_order, r.runner_id`,
    [marketId],
  );
  if (runners.length === 0) {
    const [market] = await sql.query('SELECT 1 FROM markets WHERE id = $1', [marketId]);
    return market ? { runners: [], players: [] } : null;
  }
  const rows = await sql.query<Row>(
    `WITH matched AS (
       SELECT b.player_id, b.runner_id, b.side = 'BACK' AS back, b.matched_minor AS stake,
              (b.matched_value - b.matched_minor * 100) / 100 AS win
         FROM bets b
        WHERE b.market_id = $1 AND b.matched_minor > 0 AND b.status <> 'VOID'
     ), book AS (
       SELECT m.player_id, r.runner_id,
              sum(CASE WHEN m.runner_id = r.runner_id THEN CASE WHEN m.back THEN m.win ELSE -m.win END
                       ELSE CASE WHEN m.back THEN -m.stake ELSE m.stake END END)::bigint AS if_wins
         FROM matched m CROSS JOIN (SELECT runner_id FROM runners WHERE market_id = $1) r
        GROUP BY m.player_id, r.runner_id
     ), worst AS (
       SELECT player_id, min(if_wins) AS liability FROM book GROUP BY player_id
        ORDER BY min(if_wins), player_id LIMIT ${MAX_POSITION_PLAYERS}
     )
     SELECT NULL AS player_id, NULL AS email, runner_id, sum(if_wins)::text AS if_wins, NULL::bigint AS liability
       FROM book GROUP BY runner_id
     UNION ALL
     SELECT b.player_id, u.email, b.runner_id, b.if_wins::text, w.liability
       FROM worst w JOIN book b ON b.player_id = w.player_id
       LEFT JOIN users u ON u.id::text = w.player_id
      ORDER BY liability NULLS FIRST, player_id`,
    [marketId],
  );
  return shape(runners, rows);
}

function shape(runners: { runner_id: string; name: string }[], rows: Row[]): Positions {
  const totals = new Map(runners.map((runner) => [runner.runner_id, 0n]));
  const players = new Map<string, Positions['players'][number]>();
  for (const row of rows) {
    const amount = BigInt(row.if_wins);
    if (row.player_id === null) {
      totals.set(row.runner_id, amount);
      continue;
    }
    const player = players.get(row.player_id) ?? { playerId: row.player_id, email: row.email, ifWins: {} };
    player.ifWins[row.runner_id] = formatMinor(amount);
    players.set(row.player_id, player);
  }
  return {
    runners: runners.map((runner) => ({
      id: runner.runner_id,
      name: runner.name,
      ifWins: formatMinor(totals.get(runner.runner_id) ?? 0n),
    })),
    players: [...players.values()],
  };
}
