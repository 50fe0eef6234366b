import type { Sql } from '../../db/database.ts';

/**
 * Markets mirrored from an external source (a Betfair Exchange Stream feed; docs/decisions/0270): the
 * feeds module hands over what the source says and these writes keep events, markets and runners in
 * line with it, inside the feed's batch transaction. Rows are compared before they are written, so a
 * definition seen again changes nothing and moves no version.
 */

export type MirroredRunner = { runnerId: string; name: string; sortOrder: number };

export type MirroredMarket = {
  marketId: string;
  eventId: string;
  /** Betfair's event type id; an unknown one gets a sport of its own. */
  eventTypeId: number;
  eventName: string;
  competition: string;
  eventStartMs: number;
  name: string;
  type: string;
  numberOfWinners: number;
  marketTimeMs: number | null;
  inPlay: boolean;
  betDelaySec: number;
  bspMarket: boolean;
  status: 'OPEN' | 'SUSPENDED' | 'CLOSED';
  commissionPercent: number;
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  runners: MirroredRunner[];
};

export type MirrorWrite = { createdMarketIds: string[]; changedMarketIds: string[]; eventIds: string[] };

const json = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));

/** Writes the markets (and their events, sports and runners) as the source now says. */
export async function upsertMirroredMarkets(
  tx: Sql,
  markets: readonly MirroredMarket[],
): Promise<MirrorWrite> {
  if (markets.length === 0) return { createdMarketIds: [], changedMarketIds: [], eventIds: [] };
  const sports = await sportsOfEventTypes(tx, [...new Set(markets.map((m) => m.eventTypeId))]);
  const eventIds = await upsertEvents(tx, markets, sports);
  const existing = new Set(
    (
      await tx.query<{ id: string }>('SELECT id FROM markets WHERE id = ANY($1::text[])', [
        markets.map((m) => m.marketId),
      ])
    ).map((row) => row.id),
  );
  const changedRows = await upsertMarketRows(tx, markets);
  const renamed = await upsertRunners(tx, markets);
  const createdMarketIds = markets.map((m) => m.marketId).filter((id) => !existing.has(id));
  const changed = [...new Set([...changedRows, ...renamed])].filter((id) => existing.has(id));
  if (changed.length > 0) {
    await tx.query(
      'UPDATE markets SET version = version + 1, updated_at = now() WHERE id = ANY($1::text[])',
      [changed],
    );
  }
  return { createdMarketIds, changedMarketIds: changed, eventIds };
}

/** Sport slugs by Betfair event type id, adding a sport for a number no sport has yet. */
async function sportsOfEventTypes(tx: Sql, eventTypeIds: readonly number[]): Promise<Map<number, string>> {
  const rows = await tx.query<{ slug: string; bf: string }>(
    'SELECT slug, bf_id::text AS bf FROM sports WHERE bf_id = ANY($1::bigint[])',
    [eventTypeIds.map(String)],
  );
  const slugs = new Map(rows.map((row) => [Number(row.bf), row.slug]));
  for (const eventTypeId of eventTypeIds) {
    if (slugs.has(eventTypeId)) continue;
    const slug = sportSlugOfEventType(eventTypeId);
    await tx.query(
      `INSERT INTO sports (slug, name, sort_order, bf_id)
       SELECT $1, $2, COALESCE(MAX(sort_order), 0) + 1, $3 FROM sports
       ON CONFLICT DO NOTHING`,
      [slug, `Sport ${eventTypeId}`, String(eventTypeId)],
    );
    slugs.set(eventTypeId, slug);
  }
  return slugs;
}

/** A slug for a Betfair event type the portal has no sport for: slugs hold letters only, so digits become letters. */
export function sportSlugOfEventType(eventTypeId: number): string {
  const letters = String(eventTypeId).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);
  return `sport-${letters}`;
}

async function upsertEvents(tx: Sql, markets: readonly MirroredMarket[], sports: Map<number, string>) {
  const byEvent = new Map<string, MirroredMarket>();
  for (const market of markets) if (!byEvent.has(market.eventId)) byEvent.set(market.eventId, market);
  const rows = [...byEvent.values()].map((m) => ({
    id: m.eventId,
    sport: sports.get(m.eventTypeId)!,
    competition: m.competition,
    name: m.eventName,
    start_ms: m.eventStartMs,
    in_play: markets.some(
      (other) => other.eventId === m.eventId && other.inPlay && other.status !== 'CLOSED',
    ),
  }));
  await tx.query(
    `INSERT INTO competitions (sport_slug, name)
     SELECT DISTINCT x.sport, x.competition FROM jsonb_to_recordset($1::jsonb) AS x(sport text, competition text)
     ON CONFLICT (sport_slug, name) DO NOTHING`,
    [json(rows)],
  );
  const changed = await tx.query<{ id: string }>(
    `INSERT INTO events AS e (id, sport_slug, competition_id, name, start_time, mirrored)
     SELECT x.id, x.sport, c.id, x.name, to_timestamp(x.start_ms / 1000.0), true
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, sport text, competition text, name text, start_ms bigint)
     JOIN competitions c ON c.sport_slug = x.sport AND c.name = x.competition
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, version = e.version + 1, updated_at = now()
     WHERE e.name IS DISTINCT FROM EXCLUDED.name
     RETURNING e.id`,
    [json(rows)],
  );
  const started = await tx.query<{ id: string }>(
    `UPDATE events SET status = 'IN_PLAY', in_play = true, version = version + 1, updated_at = now()
     WHERE id = ANY($1::text[]) AND status = 'SCHEDULED' RETURNING id`,
    [rows.filter((row) => row.in_play).map((row) => row.id)],
  );
  return [...new Set([...changed, ...started].map((row) => row.id))];
}

async function upsertMarketRows(tx: Sql, markets: readonly MirroredMarket[]): Promise<string[]> {
  const rows = markets.map((m, index) => ({
    id: m.marketId,
    event_id: m.eventId,
    type: m.type,
    name: m.name,
    sort_order: index,
    status: m.status,
    in_play: m.inPlay && m.status !== 'CLOSED',
    bet_delay_sec: m.betDelaySec,
    min_stake_minor: m.minStakeMinor,
    max_stake_minor: m.maxStakeMinor,
    commission_percent: m.commissionPercent,
    number_of_winners: m.numberOfWinners,
    bsp_market: m.bspMarket,
    market_time_ms: m.marketTimeMs,
  }));
  // A settled, void or closed market keeps its status (the source reopening it changes nothing here).
  const written = await tx.query<{ id: string }>(
    `INSERT INTO markets AS m (id, event_id, type, name, sort_order, status, in_play, bet_delay_sec,
       min_stake_minor, max_stake_minor, commission_percent, house_priced, number_of_winners, bsp_market,
       market_time, source_market_type, mirrored)
     SELECT x.id, x.event_id, x.type, x.name, x.sort_order, x.status, x.in_play, x.bet_delay_sec,
            x.min_stake_minor, x.max_stake_minor, x.commission_percent, false, x.number_of_winners,
            x.bsp_market, to_timestamp(x.market_time_ms / 1000.0), x.type, true
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, event_id text, type text, name text, sort_order integer,
       status text, in_play boolean, bet_delay_sec integer, min_stake_minor bigint, max_stake_minor bigint,
       commission_percent numeric, number_of_winners integer, bsp_market boolean, market_time_ms bigint)
     ON CONFLICT (id) DO UPDATE SET
       name = EXCLUDED.name,
       status = CASE WHEN m.status IN ('OPEN', 'SUSPENDED') THEN EXCLUDED.status ELSE m.status END,
       in_play = CASE WHEN m.status IN ('OPEN', 'SUSPENDED') THEN EXCLUDED.in_play ELSE m.in_play END,
       bet_delay_sec = EXCLUDED.bet_delay_sec,
       number_of_winners = EXCLUDED.number_of_winners,
       bsp_market = EXCLUDED.bsp_market,
       market_time = EXCLUDED.market_time,
       source_market_type = EXCLUDED.source_market_type,
       updated_at = now()
     WHERE (m.name, m.bet_delay_sec, m.number_of_winners, m.bsp_market, m.market_time, m.source_market_type)
           IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.bet_delay_sec, EXCLUDED.number_of_winners,
                             EXCLUDED.bsp_market, EXCLUDED.market_time, EXCLUDED.source_market_type)
        OR (m.status IN ('OPEN', 'SUSPENDED') AND (m.status, m.in_play) IS DISTINCT FROM (EXCLUDED.status, EXCLUDED.in_play))
     RETURNING m.id`,
    [json(rows)],
  );
  return written.map((row) => row.id);
}

/**
 * New runners are added after those there; a runner's name follows the source, its place does not: the
 * exchange indexes a loaded market's books by runner order, so a source reordering its runners (a
 * non-runner moved last) must not move them here. Answers the markets changed.
 */
async function upsertRunners(tx: Sql, markets: readonly MirroredMarket[]): Promise<string[]> {
  const rows = markets.flatMap((m) =>
    m.runners.map((r) => ({
      market_id: m.marketId,
      runner_id: r.runnerId,
      name: r.name,
      sort_order: r.sortOrder,
    })),
  );
  const written = await tx.query<{ market_id: string }>(
    `INSERT INTO runners AS r (market_id, runner_id, name, sort_order)
     SELECT x.market_id, x.runner_id, x.name,
       x.sort_order + COALESCE((SELECT max(e.sort_order) + 1 FROM runners e WHERE e.market_id = x.market_id), 0)
     FROM jsonb_to_recordset($1::jsonb) AS x(market_id text, runner_id text, name text, sort_order integer)
     ON CONFLICT (market_id, runner_id) DO UPDATE SET name = EXCLUDED.name
     WHERE r.name IS DISTINCT FROM EXCLUDED.name
     RETURNING r.market_id`,
    [json(rows)],
  );
  return written.map((row) => row.market_id);
}

/**
 * The source's result (its winning runners in order; none: void; several: WINNERS, a place market's
 * placed runners, with the first kept as the winner too), recorded once: a result already there stands.
 * Answers whether this call recorded it.
 */
export async function recordSourceResult(
  tx: Sql,
  marketId: string,
  result: { winnerRunnerIds: readonly string[]; atMs: number },
): Promise<boolean> {
  const [winner] = result.winnerRunnerIds;
  const rows = await tx.query(
    `INSERT INTO market_results (market_id, kind, winner_runner_id, placings, decided_at)
     VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0))
     ON CONFLICT (market_id) DO NOTHING RETURNING market_id`,
    [
      marketId,
      winner === undefined ? 'VOID' : result.winnerRunnerIds.length > 1 ? 'WINNERS' : 'WINNER',
      winner ?? null,
      result.winnerRunnerIds.length > 1 ? JSON.stringify(result.winnerRunnerIds) : null,
      result.atMs,
    ],
  );
  return rows.length > 0;
}

/** Mirrored events none of whose markets is open or suspended any more: finished. Answers those. */
export async function finishMirroredEvents(tx: Sql, eventIds: readonly string[]): Promise<string[]> {
  if (eventIds.length === 0) return [];
  const rows = await tx.query<{ id: string }>(
    `UPDATE events e SET status = 'FINISHED', in_play = false, version = e.version + 1, updated_at = now()
     WHERE e.id = ANY($1::text[]) AND e.mirrored AND e.status IN ('SCHEDULED', 'IN_PLAY')
       AND NOT EXISTS (SELECT 1 FROM markets m WHERE m.event_id = e.id AND m.status IN ('OPEN', 'SUSPENDED'))
     RETURNING e.id`,
    [eventIds],
  );
  return rows.map((row) => row.id);
}

/** The status of each of these markets that exists. */
export async function readMarketStatuses(
  sql: Sql,
  marketIds: readonly string[],
): Promise<Map<string, string>> {
  if (marketIds.length === 0) return new Map();
  const rows = await sql.query<{ id: string; status: string }>(
    'SELECT id, status FROM markets WHERE id = ANY($1::text[])',
    [marketIds],
  );
  return new Map(rows.map((row) => [row.id, row.status]));
}
