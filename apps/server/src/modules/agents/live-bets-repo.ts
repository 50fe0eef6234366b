import type { DownlineBet, DownlineBets } from '@backlay/contracts';
import { decimalOddsOfTick, isValidTick } from '@backlay/exchange';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { authTables } from '../auth/index.ts';
import { exchangeTables } from '../exchange/index.ts';
import { sportsTables } from '../sports/index.ts';

type Row = {
  id: string;
  player_id: string;
  player: string;
  market_id: string;
  market: string;
  runner: string;
  side: 'BACK' | 'LAY';
  price_tick: number;
  stake_minor: bigint | string;
  matched_minor: bigint | string;
  placed_at: Date | string;
  micros: string;
};

/** The players of an agent's subtree (a walk down its agents), or every player for the house. */
const SUBTREE_PLAYERS = {
  agent: `WITH RECURSIVE sub (id) AS (
      SELECT user_id FROM agents WHERE user_id = $1::uuid
      UNION ALL SELECT a.user_id FROM agents a JOIN sub ON a.parent_id = sub.id
    ), players AS (SELECT ap.player_id AS id FROM agent_players ap JOIN sub ON ap.parent_id = sub.id)`,
  house: `WITH players AS (SELECT id FROM ${authTables.users} WHERE role = 'player' AND $1::uuid IS NULL)`,
};

/**
 * Open exchange bets (unmatched, partly or fully matched, not yet settled) of the subtree's players,
 * newest first, below the cursor (placed time, id): the page is read first, then named.
 */
const PAGE = `
  SELECT b.id, b.player_id, coalesce(u.name, b.player_id) AS player, b.market_id,
         coalesce(e.name || ' · ' || m.name, b.market_id) AS market, coalesce(r.name, b.runner_id) AS runner,
         b.side, b.price_tick, b.stake_minor, b.matched_minor, b.placed_at,
         (extract(epoch FROM b.placed_at) * 1000000)::bigint::text AS micros
    FROM (SELECT * FROM ${exchangeTables.bets} x
           WHERE x.status IN ('UNMATCHED', 'PARTIALLY_MATCHED', 'MATCHED')
             AND x.player_id IN (SELECT id::text FROM players)
             AND ($2::bigint IS NULL
                  OR (x.placed_at, x.id) < (timestamptz 'epoch' + $2::bigint * interval '1 microsecond', $3::text))
           ORDER BY x.placed_at DESC, x.id DESC LIMIT $4) b
    LEFT JOIN ${authTables.users} u ON u.id::text = b.player_id
    LEFT JOIN ${sportsTables.markets} m ON m.id = b.market_id
    LEFT JOIN ${sportsTables.events} e ON e.id = m.event_id
    LEFT JOIN ${sportsTables.runners} r ON r.market_id = b.market_id AND r.runner_id = b.runner_id
   ORDER BY b.placed_at DESC, b.id DESC`;

const betOf = (row: Row): DownlineBet => ({
  id: row.id,
  playerId: row.player_id,
  player: row.player,
  marketId: row.market_id,
  market: row.market,
  runner: row.runner,
  side: row.side,
  price: isValidTick(Number(row.price_tick))
    ? decimalOddsOfTick(Number(row.price_tick))
    : String(row.price_tick),
  stake: formatMinor(BigInt(row.stake_minor)),
  matched: formatMinor(BigInt(row.matched_minor)),
  placedAt: new Date(row.placed_at).toISOString(),
});

/** A page of the live bets below an agent (null: the house, every player); the cursor is "micros_id". */
export async function readLiveBets(
  sql: Sql,
  page: { agentId: string | null; cursor?: string | undefined; limit: number },
): Promise<DownlineBets> {
  const at = page.cursor?.indexOf('_') ?? -1;
  const [micros, id] =
    page.cursor && at > 0 ? [page.cursor.slice(0, at), page.cursor.slice(at + 1)] : [null, null];
  const players = page.agentId === null ? SUBTREE_PLAYERS.house : SUBTREE_PLAYERS.agent;
  const rows = await sql.query<Row>(`${players} ${PAGE}`, [page.agentId, micros, id, page.limit + 1]);
  const items = rows.slice(0, page.limit);
  const last = items[items.length - 1];
  return {
    items: items.map(betOf),
    nextCursor: rows.length > page.limit && last ? `${last.micros}_${last.id}` : null,
  };
}
