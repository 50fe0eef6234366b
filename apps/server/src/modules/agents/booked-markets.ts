import type { BookedMarkets, MarketBookQuery } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { ok, type Result } from '../../platform/rejections.ts';
import { authTables } from '../auth/index.ts';
import { exchangeTables } from '../exchange/index.ts';
import { sportsTables } from '../sports/index.ts';
import type { Caller } from './agents-service.ts';
import { viewedAgent } from './viewed-agent.ts';

const LIMIT = 50;

/** The subtree's players as text ids: every agent at or below `$1`, and their players. */
const SUBTREE_PLAYERS = `WITH RECURSIVE sub (id) AS (
    SELECT $1::uuid
    UNION ALL
    SELECT a.user_id FROM agents a JOIN sub ON a.parent_id = sub.id
  ), players AS (
    SELECT ap.player_id::text AS id FROM agent_players ap JOIN sub ON ap.parent_id = sub.id
  )`;
/** The house's players: every player, not the market maker or staff. */
const ALL_PLAYERS = `WITH players AS (SELECT u.id::text AS id FROM ${authTables.users} u WHERE u.role = 'player')`;

type Row = { id: string; event_name: string; name: string; status: string; bets: number; matched: string };

/**
 * Markets not yet settled where the account's subtree has matched or waiting bets, most matched first
 * (docs/decisions/0289): what the market analysis lists. Only the open markets' bets are read, through
 * the bets' market index, so the settled history does not weigh on it.
 */
export async function bookedMarkets(
  sql: Sql,
  caller: Caller,
  query: MarketBookQuery,
): Promise<Result<BookedMarkets>> {
  const viewed = await viewedAgent(sql, caller, query.accountId);
  if (!viewed.ok) return viewed;
  const accountId = viewed.value;
  const rows = await sql.query<Row>(
    `${accountId === null ? ALL_PLAYERS : SUBTREE_PLAYERS}
     SELECT m.id, e.name AS event_name, m.name, m.status, count(*)::int AS bets,
            sum(b.matched_minor)::text AS matched
       FROM ${sportsTables.markets} m
       JOIN ${sportsTables.events} e ON e.id = m.event_id
       JOIN ${exchangeTables.bets} b ON b.market_id = m.id
      WHERE m.status IN ('OPEN', 'SUSPENDED', 'CLOSED') AND b.status NOT IN ('CANCELLED', 'LAPSED')
        AND b.player_id IN (SELECT id FROM players)
      GROUP BY m.id, e.name, m.name, m.status
      ORDER BY sum(b.matched_minor) DESC, m.id
      LIMIT ${LIMIT}`,
    accountId === null ? [] : [accountId],
  );
  return ok({
    items: rows.map((row) => ({
      id: row.id,
      eventName: row.event_name,
      name: row.name,
      status: row.status,
      bets: Number(row.bets),
      matched: formatMinor(BigInt(row.matched)),
    })),
  });
}
