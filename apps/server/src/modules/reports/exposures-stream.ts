import type { MarketExposure, PlayerExposure, TopExposures } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { authTables } from '../auth/index.ts';
import { sportsTables } from '../sports/index.ts';
import { MATCHED_OF, POSITIONS } from './exposures.ts';
import { registerStaffTopic, SharedRead, type StaffTopicDeps } from './staff-topic.ts';

export const EXPOSURES_TOPIC_KIND = 'admin-exposures';
/** How often followers get fresh exposures, and how old an answer a new follower's snapshot may share. */
export const EXPOSURES_REFRESH_MS = 5_000;
const EXPOSURES_SHARED_MS = 1_000;
/** Rows of each ranking: a page of the exposures report. */
export const EXPOSURES_TOP = 50;

/**
 * Every ranking in one statement: each open position's matched stake is read once (the dear part,
 * a probe of the player's bets per position) and the four rankings are cut from it, in the orders
 * and with the ties of `/api/admin/exposures`.
 */
const TOP_EXPOSURES = `${POSITIONS},
  matched AS MATERIALIZED (SELECT p.*, ${MATCHED_OF('p')} AS matched FROM positions p),
  by_market AS MATERIALIZED (
    SELECT market_id, sum(liability) AS liability, sum(matched) AS matched, count(*) AS players
      FROM matched GROUP BY market_id
  ),
  ranked AS (
    (SELECT 'market-liability' AS ranking, row_number() OVER (ORDER BY liability DESC, market_id) AS n,
            market_id, NULL::text AS player_id, liability, matched, players
       FROM by_market ORDER BY liability DESC, market_id LIMIT $2)
    UNION ALL
    (SELECT 'market-matched', row_number() OVER (ORDER BY matched DESC, market_id), market_id, NULL, liability,
            matched, players
       FROM by_market ORDER BY matched DESC, market_id LIMIT $2)
    UNION ALL
    (SELECT 'player-liability', row_number() OVER (ORDER BY liability DESC, market_id, player_id), market_id,
            player_id, liability, matched, NULL
       FROM matched ORDER BY liability DESC, market_id, player_id LIMIT $2)
    UNION ALL
    (SELECT 'player-matched', row_number() OVER (ORDER BY matched DESC, market_id, player_id), market_id,
            player_id, liability, matched, NULL
       FROM matched ORDER BY matched DESC, market_id, player_id LIMIT $2)
  )
  SELECT r.ranking, r.market_id, r.player_id, u.email, m.name AS market, e.name AS event, e.sport_slug AS sport,
         r.liability::text AS liability_minor, r.matched::text AS matched_minor, r.players::text
    FROM ranked r LEFT JOIN ${authTables.users} u ON u.id::text = r.player_id
    LEFT JOIN ${sportsTables.markets} m ON m.id = r.market_id LEFT JOIN ${sportsTables.events} e ON e.id = m.event_id
   ORDER BY r.ranking, r.n`;

type RankedRow = {
  ranking: 'market-liability' | 'market-matched' | 'player-liability' | 'player-matched';
  market_id: string;
  player_id: string | null;
  email: string | null;
  market: string | null;
  event: string | null;
  sport: string | null;
  liability_minor: string;
  matched_minor: string;
  players: string | null;
};

/** Every ranking the console shows, EXPOSURES_TOP rows each, from one read. */
export async function readTopExposures(
  sql: Sql,
  makerAccountId: string,
  nowMs: number,
): Promise<TopExposures> {
  const rows = await sql.query<RankedRow>(TOP_EXPOSURES, [makerAccountId, EXPOSURES_TOP]);
  const of = (ranking: RankedRow['ranking']) => rows.filter((row) => row.ranking === ranking);
  const market = (row: RankedRow): MarketExposure => ({
    marketId: row.market_id,
    market: row.market ?? row.market_id,
    event: row.event ?? '',
    sport: row.sport ?? '',
    liability: formatMinor(BigInt(row.liability_minor)),
    matched: formatMinor(BigInt(row.matched_minor)),
    players: Number(row.players),
  });
  const player = (row: RankedRow): PlayerExposure => ({
    playerId: row.player_id!,
    email: row.email,
    marketId: row.market_id,
    market: row.market ?? row.market_id,
    event: row.event ?? '',
    liability: formatMinor(BigInt(row.liability_minor)),
    matched: formatMinor(BigInt(row.matched_minor)),
  });
  return {
    at: new Date(nowMs).toISOString(),
    markets: { liability: of('market-liability').map(market), matched: of('market-matched').map(market) },
    players: { liability: of('player-liability').map(player), matched: of('player-matched').map(player) },
  };
}

/**
 * The stream topic `admin-exposures` (no id, staff only; docs/decisions/0253): the top exposures, by
 * market and by player, each by liability and by matched stake, whole in the snapshot and in an
 * update every EXPOSURES_REFRESH_MS while followed. One read of the open positions per refresh per
 * instance, however many consoles follow.
 */
export function registerExposuresStream(deps: StaffTopicDeps & { makerAccountId: string }): { stop(): void } {
  const nowMs = deps.nowMs ?? Date.now;
  const source = new SharedRead(() => readTopExposures(deps.db, deps.makerAccountId, nowMs()), nowMs);
  const update = async (maxAgeMs: number) => {
    const { seq, value } = await source.read(maxAgeMs);
    // One key: a slow reader needs only the latest exposures.
    return { seq, data: value, key: 'top' };
  };
  return registerStaffTopic(deps, {
    kind: EXPOSURES_TOPIC_KIND,
    refreshMs: EXPOSURES_REFRESH_MS,
    snapshot: () => update(EXPOSURES_SHARED_MS),
    refresh: () => update(0),
  });
}
