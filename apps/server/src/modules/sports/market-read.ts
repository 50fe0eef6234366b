import type { Market, Score, ScoreUpdate } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';

type MarketRow = {
  id: string;
  event_id: string;
  type: string;
  name: string;
  status: Market['status'];
  in_play: boolean;
  bet_delay_sec: number;
  min_stake_minor: bigint | string;
  max_stake_minor: bigint | string;
  commission_percent: string | number;
  mirrored: boolean;
  version: bigint | string | number;
  line: Market['line'];
  ladder: Record<
    string,
    { back: Market['runners'][number]['back']; lay: Market['runners'][number]['lay'] }
  > | null;
};
type RunnerRow = { market_id: string; runner_id: string; name: string; fair_ppm: number | null };

// The version a client sees grows with the feed's changes and the book's alike (docs/decisions/0130).
const MARKET_COLUMNS = `m.id, m.event_id, m.type, m.name, m.status, m.in_play, m.bet_delay_sec, m.min_stake_minor,
  m.max_stake_minor, m.commission_percent, m.mirrored, m.version + coalesce(b.version, 0) AS version, m.line, b.ladder`;
const MARKET_FROM = 'markets m LEFT JOIN market_books b ON b.market_id = m.id';

/** Markets by id, in the order asked, in the shape of `GET /api/markets/:id`. */
export async function readMarketsById(sql: Sql, marketIds: readonly string[]): Promise<Market[]> {
  if (marketIds.length === 0) return [];
  const rows = await sql.query<MarketRow>(
    `SELECT ${MARKET_COLUMNS} FROM ${MARKET_FROM} WHERE m.id IN (SELECT jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify(marketIds)],
  );
  return withRunners(sql, rows);
}

/** Up to `limit` open odds markets (no line) the exchange keeps a book for (demo traffic bets on them). */
export async function readQuotedOpenMarketIds(sql: Sql, limit: number): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `SELECT m.id FROM markets m JOIN market_books b ON b.market_id = m.id
      WHERE m.status = 'OPEN' AND m.line IS NULL ORDER BY m.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => row.id);
}

/** An event's markets in the feed's order. */
export async function readEventMarkets(sql: Sql, eventId: string): Promise<Market[]> {
  const rows = await sql.query<MarketRow>(
    `SELECT ${MARKET_COLUMNS} FROM ${MARKET_FROM} WHERE m.event_id = $1 ORDER BY m.sort_order`,
    [eventId],
  );
  return withRunners(sql, rows);
}

async function withRunners(sql: Sql, rows: readonly MarketRow[]): Promise<Market[]> {
  if (rows.length === 0) return [];
  const runners = await sql.query<RunnerRow>(
    `SELECT market_id, runner_id, name, fair_ppm FROM runners
     WHERE market_id IN (SELECT jsonb_array_elements_text($1::jsonb)) ORDER BY market_id, sort_order`,
    [JSON.stringify(rows.map((row) => row.id))],
  );
  const byMarket = new Map<string, Market['runners']>();
  const ladders = new Map(rows.map((row) => [row.id, row.ladder]));
  for (const runner of runners) {
    const list = byMarket.get(runner.market_id) ?? [];
    // Best three prices each side as the exchange last wrote them; empty until it keeps a book.
    const levels = ladders.get(runner.market_id)?.[runner.runner_id] ?? { back: [], lay: [] };
    list.push({
      id: runner.runner_id,
      name: runner.name,
      back: levels.back,
      lay: levels.lay,
      fairPpm: runner.fair_ppm,
    });
    byMarket.set(runner.market_id, list);
  }
  return rows.map((row) => toMarket(row, byMarket.get(row.id) ?? []));
}

function toMarket(row: MarketRow, runners: Market['runners']): Market {
  return {
    id: row.id,
    eventId: row.event_id,
    type: row.type,
    name: row.name,
    status: row.status,
    inPlay: row.in_play,
    // The configured delay applies in play only: before the off bets are taken at once.
    betDelaySec: row.in_play ? row.bet_delay_sec : 0,
    minStake: formatMinor(BigInt(row.min_stake_minor)),
    maxStake: formatMinor(BigInt(row.max_stake_minor)),
    commissionPercent: Number(row.commission_percent),
    version: Number(row.version),
    line: row.line,
    runners,
    mirrored: row.mirrored,
  };
}

/** An event's live state for the `score` topic, with its version as seq; null when unknown. */
export async function readScore(
  sql: Sql,
  eventId: string,
): Promise<{ seq: number; data: ScoreUpdate } | null> {
  const [row] = await sql.query<{
    status: ScoreUpdate['status'];
    in_play: boolean;
    score: Score | null;
    version: bigint | string;
  }>(`SELECT status, in_play, score, version FROM events WHERE id = $1`, [eventId]);
  if (!row) return null;
  return {
    seq: Number(row.version),
    data: { eventId, status: row.status, inPlay: row.in_play, score: row.score },
  };
}
