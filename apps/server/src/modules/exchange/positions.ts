import type { Positions } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { authTables } from '../auth/index.ts';
import { marketExists, readRunnersInOrder, sportsTables } from '../sports/index.ts';

/** The most players a position book lists: those with the largest liability first. */
export const MAX_POSITION_PLAYERS = 500;

/** The runners' totals (no player) or one listed player's result, runner by runner in runner order. */
type Row = { player_id: string | null; email: string | null; if_wins: string };

/**
 * A runner market's book if each runner wins (docs/decisions/0238, 0249), from the matched part of every
 * bet, each bet's winnings rounded down as settlement rounds them: a back wins Σ size × (price − 1) if
 * its runner wins and loses its matched stake otherwise; a lay the opposite. One statement, so the book
 * is one consistent snapshot; `null` for a market that does not exist.
 */
export async function readPositions(sql: Sql, marketId: string): Promise<Positions | null> {
  const runners = await readRunnersInOrder(sql, marketId);
  if (runners.length === 0) return (await marketExists(sql, marketId)) ? { runners: [], players: [] } : null;
  const rows = await sql.query<Row>(bookStatement(runners.length), [marketId]);
  return shape(runners, rows);
}

/**
 * Each bet gives `net`, the stake it risks whichever runner wins (a back's, a lay's negated), and `won`,
 * what it returns if its own runner wins, stake included (a back's stake + winnings, a lay's
 * −(stake + liability)). A player's result if runner k wins is then w_k − net: Σ won of their bets on k,
 * less Σ net of all their bets (a bet on another runner is lost, or kept, whole). One pass groups the
 * bets by player with a column per runner; a bet on a runner the market no longer lists counts in `net`
 * only, as lost or kept whichever listed runner wins.
 */
function bookStatement(runnerCount: number): string {
  const list = runnerList(runnerCount);
  return `
    ${playerResultsCte(runnerCount)}
    SELECT * FROM (
    SELECT NULL AS player_id, NULL AS email, NULL::bigint AS liability,
           concat_ws(',', ${list((k) => `coalesce(sum_minor(w${k} - net), 0)`)}) AS if_wins
      FROM player
    UNION ALL
    SELECT * FROM (
      SELECT p.player_id, (SELECT u.email FROM ${authTables.users} u WHERE u.id = ${PLAYER_UUID}) AS email,
             least(${list((k) => `w${k}`)}) - p.net AS liability,
             concat_ws(',', ${list((k) => `w${k} - net`)}) AS if_wins
        FROM player p
       ORDER BY liability, p.player_id COLLATE "C" LIMIT ${MAX_POSITION_PLAYERS}) listed
    ) book ORDER BY liability NULLS FIRST, player_id COLLATE "C"`;
}

/** `(k) => …` joined for runners 1 … n, the columns of one statement per runner. */
const runnerList = (runnerCount: number) => (each: (k: number) => string) =>
  Array.from({ length: runnerCount }, (_, index) => each(index + 1)).join(', ');

/**
 * The CTEs `runner` (each runner's place k) and `player` (per player `net` and `w1` … `wn`, see
 * bookStatement) of the market `$1`. With `scope`, a query of `(player_id text, tag text)` rows, one a
 * player: only those players get a row, each with its `tag`.
 */
export function playerResultsCte(runnerCount: number, scope?: string): string {
  const list = runnerList(runnerCount);
  // Scoped, the market's bets are read by the market's index first (OFFSET 0 keeps them a subquery of
  // their own): looked up by player instead, each would cost a walk through the player's whole history.
  return `WITH ${scope ? `scope AS (${scope}), ` : ''}runner AS (
      SELECT runner_id, row_number() OVER (ORDER BY sort_order, runner_id) AS k FROM ${sportsTables.runners}
       WHERE market_id = $1
    ), player AS (
      SELECT b.player_id, ${scope ? 's.tag, ' : ''}sum_minor(b.net) AS net,
             ${list((k) => `coalesce(sum_minor(b.won) FILTER (WHERE r.k = ${k}), 0) AS w${k}`)}
        FROM (SELECT player_id, runner_id,
                     CASE WHEN side = 'BACK' THEN matched_minor ELSE -matched_minor END AS net,
                     CASE WHEN side = 'BACK' THEN matched_value / 100 ELSE -(matched_value / 100) END AS won
                FROM bets WHERE market_id = $1 AND matched_minor > 0 AND status <> 'VOID'${scope ? ' OFFSET 0' : ''}) b
        ${scope ? 'JOIN scope s ON s.player_id = b.player_id' : ''}
        LEFT JOIN runner r ON r.runner_id = b.runner_id
       GROUP BY b.player_id${scope ? ', s.tag' : ''}
    )`;
}

/** The player's user id, looked up by primary key; null for an id that is no uuid (so no user's). */
const PLAYER_UUID = `CASE WHEN p.player_id ~ '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' THEN p.player_id::uuid END`;

function shape(runners: { runner_id: string; name: string }[], rows: Row[]): Positions {
  const amounts = (row: Row) => row.if_wins.split(',').map((amount) => formatMinor(BigInt(amount)));
  const totals = rows.find((row) => row.player_id === null);
  const totalAmounts = totals ? amounts(totals) : [];
  return {
    runners: runners.map((runner, index) => ({
      id: runner.runner_id,
      name: runner.name,
      ifWins: totalAmounts[index] ?? '0.00',
    })),
    players: rows.flatMap((row) => {
      if (row.player_id === null) return [];
      const ifWins = amounts(row);
      return [
        {
          playerId: row.player_id,
          email: row.email,
          ifWins: Object.fromEntries(runners.map((runner, index) => [runner.runner_id, ifWins[index]!])),
        },
      ];
    }),
  };
}
