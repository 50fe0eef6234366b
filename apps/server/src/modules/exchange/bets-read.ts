import type { Bet } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import { sportsTables } from '../sports/index.ts';
import { betView } from './bet-view.ts';
import { toBetState, type BetRow } from './market-load.ts';

type Row = BetRow & { event_name: string; market_name: string; runner_name: string | null };

const STATUS_SETS = {
  open: ['UNMATCHED', 'PARTIALLY_MATCHED', 'MATCHED'],
  settled: ['SETTLED', 'VOID'],
} as const;

/** Most bets a list answers: the newest first. */
export const MAX_LISTED_BETS = 500;

/** The player's bets, newest first, with the names a list shows. */
export async function readPlayerBets(
  sql: Sql,
  playerId: string,
  filter: { status?: 'open' | 'settled' | undefined; marketId?: string | undefined; betId?: string },
): Promise<Bet[]> {
  const statuses = filter.status ? STATUS_SETS[filter.status] : null;
  const rows = await sql.query<Row>(
    `SELECT b.*, e.name AS event_name, m.name AS market_name, r.name AS runner_name
       FROM bets b JOIN ${sportsTables.markets} m ON m.id = b.market_id JOIN ${sportsTables.events} e ON e.id = m.event_id
       LEFT JOIN ${sportsTables.runners} r ON r.market_id = b.market_id AND r.runner_id = b.runner_id
      WHERE b.player_id = $1 AND ($2::text IS NULL OR b.market_id = $2)
        AND ($3::jsonb IS NULL OR b.status IN (SELECT jsonb_array_elements_text($3::jsonb)))
        AND ($4::text IS NULL OR b.id = $4)
      ORDER BY b.placed_at DESC, b.seq DESC LIMIT ${MAX_LISTED_BETS}`,
    [playerId, filter.marketId ?? null, statuses ? JSON.stringify(statuses) : null, filter.betId ?? null],
  );
  return rows.map((row) =>
    betView(toBetState(row), {
      eventName: row.event_name,
      marketName: row.market_name,
      runnerName: row.runner_name ?? row.runner_id,
    }),
  );
}

/** Which market a player's bet is on; null when the player has no such bet. */
export async function findBet(
  sql: Sql,
  playerId: string,
  betId: string,
): Promise<{ id: string; marketId: string } | null> {
  const [row] = await sql.query<{ id: string; market_id: string }>(
    'SELECT id, market_id FROM bets WHERE player_id = $1 AND id = $2',
    [playerId, betId],
  );
  return row ? { id: row.id, marketId: row.market_id } : null;
}

/** The player's bets with a part still resting in a book, with their markets. */
export async function readRestingBets(
  sql: Sql,
  playerId: string,
): Promise<{ id: string; market_id: string }[]> {
  return sql.query<{ id: string; market_id: string }>(
    `SELECT id, market_id FROM bets WHERE player_id = $1 AND status IN ('UNMATCHED', 'PARTIALLY_MATCHED')`,
    [playerId],
  );
}
