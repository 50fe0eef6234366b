import type { Exposures, ExposuresQuery, MarketExposure, PlayerExposure } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { authTables } from '../auth/index.ts';
import { exchangeTables } from '../exchange/index.ts';
import { sportsTables } from '../sports/index.ts';
import { walletTables } from '../wallet/index.ts';

/**
 * Open exchange positions (docs/decisions/0247). A player's liability on a market is the exposure the
 * ledger holds for it (the hold `xm:<market>:<player>`, pending until the market settles): the worst
 * case over the market's outcomes, unmatched offers included. Matched is the matched stake of the
 * player's unsettled bets there, read through the player's bets index. Only open holds are read, so
 * the cost follows the open positions, not the history. The market maker's own hold is the operator's
 * risk and is left out.
 */
export const POSITIONS = `
  WITH positions AS (
    SELECT substr(h.reference, 8) AS market_id, h.player_id, h.held_minor AS liability
      FROM ${walletTables.holds} h
     WHERE h.state = 'PENDING' AND h.held_minor > 0 AND h.reference LIKE 'market:%' AND h.player_id <> $1
  )`;

/** The matched stake of one position (`p`): its player's unsettled bets on its market. */
export const MATCHED_OF = (p: string) => `coalesce((SELECT sum(b.matched_minor) FROM ${exchangeTables.bets} b
   WHERE b.player_id = ${p}.player_id AND b.market_id = ${p}.market_id
     AND b.matched_minor > 0 AND b.status NOT IN ('SETTLED', 'VOID')), 0)`;

type MarketRow = {
  market_id: string;
  market: string | null;
  event: string | null;
  sport: string | null;
  liability_minor: string;
  matched_minor: string;
  players: string;
};

type PlayerRow = Omit<MarketRow, 'sport' | 'players'> & { player_id: string; email: string | null };

const ORDER = { liability: 'liability DESC', matched: 'matched DESC' } as const;

const MARKET_SELECT = (order: ExposuresQuery['order']) => `
  SELECT o.market_id, m.name AS market, e.name AS event, e.sport_slug AS sport, o.liability::text AS liability_minor,
         o.matched::text AS matched_minor, o.players::text
    FROM markets_open o LEFT JOIN ${sportsTables.markets} m ON m.id = o.market_id
    LEFT JOIN ${sportsTables.events} e ON e.id = m.event_id
   ORDER BY o.${ORDER[order]}, o.market_id`;

const PLAYER_SELECT = (order: ExposuresQuery['order']) => `
  SELECT t.player_id, u.email, t.market_id, m.name AS market, e.name AS event, t.liability::text AS liability_minor,
         t.matched::text AS matched_minor
    FROM top t LEFT JOIN ${authTables.users} u ON u.id::text = t.player_id
    LEFT JOIN ${sportsTables.markets} m ON m.id = t.market_id LEFT JOIN ${sportsTables.events} e ON e.id = m.event_id
   ORDER BY t.${ORDER[order]}, t.market_id, t.player_id`;

/**
 * Ranked by liability, matched stakes are read for the answer's rows only; ranked by matched, for every
 * open position (the dearer order, still bounded by the open positions).
 */
export async function readMarketExposures(
  sql: Sql,
  makerAccountId: string,
  order: ExposuresQuery['order'],
  limit: number,
): Promise<MarketExposure[]> {
  const rows = await sql.query<MarketRow>(
    order === 'liability'
      ? `${POSITIONS}, top AS (
           SELECT market_id, sum(liability) AS liability, count(*) AS players
             FROM positions GROUP BY market_id ORDER BY liability DESC, market_id LIMIT $2
         ), markets_open AS (
           SELECT t.*, (SELECT sum(${MATCHED_OF('p')}) FROM positions p WHERE p.market_id = t.market_id) AS matched
             FROM top t
         )
         ${MARKET_SELECT(order)}`
      : `${POSITIONS}, markets_open AS (
           SELECT p.market_id, sum(p.liability) AS liability, sum(${MATCHED_OF('p')}) AS matched, count(*) AS players
             FROM positions p GROUP BY p.market_id ORDER BY matched DESC, market_id LIMIT $2
         )
         ${MARKET_SELECT(order)}`,
    [makerAccountId, limit],
  );
  return rows.map((row) => ({
    marketId: row.market_id,
    market: row.market ?? row.market_id,
    event: row.event ?? '',
    sport: row.sport ?? '',
    liability: formatMinor(BigInt(row.liability_minor)),
    matched: formatMinor(BigInt(row.matched_minor)),
    players: Number(row.players),
  }));
}

export async function readPlayerExposures(
  sql: Sql,
  makerAccountId: string,
  order: ExposuresQuery['order'],
  limit: number,
): Promise<PlayerExposure[]> {
  const rows = await sql.query<PlayerRow>(
    order === 'liability'
      ? `${POSITIONS}, top AS (
           SELECT p.*, ${MATCHED_OF('p')} AS matched FROM (
             SELECT * FROM positions ORDER BY liability DESC, market_id, player_id LIMIT $2
           ) p
         )
         ${PLAYER_SELECT(order)}`
      : `${POSITIONS}, top AS (
           SELECT p.*, ${MATCHED_OF('p')} AS matched FROM positions p
            ORDER BY matched DESC, market_id, player_id LIMIT $2
         )
         ${PLAYER_SELECT(order)}`,
    [makerAccountId, limit],
  );
  return rows.map((row) => ({
    playerId: row.player_id,
    email: row.email,
    marketId: row.market_id,
    market: row.market ?? row.market_id,
    event: row.event ?? '',
    liability: formatMinor(BigInt(row.liability_minor)),
    matched: formatMinor(BigInt(row.matched_minor)),
  }));
}

export async function readExposures(
  sql: Sql,
  makerAccountId: string,
  query: ExposuresQuery,
): Promise<Exposures> {
  return query.by === 'market'
    ? { by: 'market', items: await readMarketExposures(sql, makerAccountId, query.order, query.limit) }
    : { by: 'player', items: await readPlayerExposures(sql, makerAccountId, query.order, query.limit) };
}
