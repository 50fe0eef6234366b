import type {
  AdminMarket,
  AdminMarketDetail,
  AdminMarketsPage,
  AdminMarketsQuery,
  AdminMarketOutcome,
} from '@backlay/contracts';
import { decimalOddsOfTick } from '@backlay/exchange';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { readRunnersInOrder, sportsTables } from '../sports/index.ts';
import { readTradedByPrice, type TradedRow } from './fills-read.ts';

/**
 * Every exchange market for the console (docs/decisions/0249), whatever its state, latest start first.
 * A page walks the events by start time (migration 024) and their markets; only the page's markets have
 * their matched volume summed, each through the bets' market index.
 */

type MarketRow = {
  id: string;
  event_id: string;
  event_name: string;
  sport_slug: string;
  competition: string;
  name: string;
  type: string;
  start_time: Date | string;
  micros: string;
  status: AdminMarket['status'];
  in_play: boolean;
  min_stake_minor: bigint | string;
  max_stake_minor: bigint | string;
  market_maker: boolean;
  house_priced: boolean;
  matched_minor: bigint | string;
  outcome_kind: AdminMarketOutcome['kind'] | null;
  winner_runner_id: string | null;
  winner: string | null;
  line_result: number | null;
  decided_at: Date | string | null;
};

/** An operator's event is named so by admin-events.ts; the feed's are named by their fixtures. */
const CUSTOM_EVENT_PREFIX = 'custom-';

/** The page's markets with what a row shows; `page` is a query of markets `m` joined to events `e`. */
const withDetails = (page: string) => `
  SELECT m.id, m.event_id, e.name AS event_name, e.sport_slug, c.name AS competition, m.name, m.type, e.start_time,
         (extract(epoch FROM e.start_time) * 1000000)::bigint::text AS micros, m.status, m.in_play,
         m.min_stake_minor, m.max_stake_minor, m.market_maker, m.house_priced,
         (SELECT coalesce(sum(b.matched_minor), 0) FROM bets b WHERE b.market_id = m.id) AS matched_minor,
         r.kind AS outcome_kind, r.winner_runner_id, w.name AS winner, r.line_result, r.decided_at,
         m.bet_delay_sec, m.commission_percent, m.line, e.status AS event_status, e.in_play AS event_in_play
    FROM (${page}) p
    JOIN ${sportsTables.markets} m ON m.id = p.id
    JOIN ${sportsTables.events} e ON e.id = m.event_id
    JOIN ${sportsTables.competitions} c ON c.id = e.competition_id
    LEFT JOIN ${sportsTables.marketResults} r ON r.market_id = m.id
    LEFT JOIN ${sportsTables.runners} w ON w.market_id = r.market_id AND w.runner_id = r.winner_runner_id`;

/**
 * One page, filtered; the cursor is the last row's (start, id). Parameters: $1 sport, $2 status, $3 name
 * pattern, $4 cursor micros, $5 cursor id, $6 rows.
 */
const PAGE = `
  SELECT m.id, e.start_time FROM ${sportsTables.markets} m JOIN ${sportsTables.events} e ON e.id = m.event_id
   WHERE ($1::text IS NULL OR e.sport_slug = $1::text) AND ($2::text IS NULL OR m.status = $2::text)
     AND ($3::text IS NULL OR e.name ILIKE $3::text OR m.name ILIKE $3::text)
     AND ($4::bigint IS NULL
          OR (e.start_time, m.id) < (timestamptz 'epoch' + $4::bigint * interval '1 microsecond', $5::text))
     -- The same bound on the start alone, which the index can seek to.
     AND ($4::bigint IS NULL OR e.start_time <= timestamptz 'epoch' + $4::bigint * interval '1 microsecond')
   ORDER BY e.start_time DESC, m.id DESC LIMIT $6`;

export async function listAdminMarkets(sql: Sql, query: AdminMarketsQuery): Promise<AdminMarketsPage> {
  const [micros, id] = query.cursor ? splitCursor(query.cursor) : [null, null];
  const rows = await sql.query<MarketRow>(`${withDetails(PAGE)} ORDER BY e.start_time DESC, m.id DESC`, [
    query.sport ?? null,
    query.status ?? null,
    query.q === undefined ? null : `%${escapeLike(query.q)}%`,
    micros,
    id,
    query.limit + 1,
  ]);
  const items = rows.slice(0, query.limit);
  const last = items[items.length - 1];
  return {
    items: items.map(marketOf),
    next: rows.length > query.limit && last ? `${last.micros}_${last.id}` : null,
  };
}

type DetailRow = MarketRow & {
  bet_delay_sec: number;
  commission_percent: string | number;
  line: AdminMarketDetail['line'];
  event_status: AdminMarketDetail['event']['status'];
  event_in_play: boolean;
};

/** One market as its console page shows it; null when there is none. */
export async function readAdminMarket(sql: Sql, marketId: string): Promise<AdminMarketDetail | null> {
  const [row] = await sql.query<DetailRow & { settled_at: Date | string | null }>(
    `SELECT x.*, s.settled_at FROM (${withDetails(`SELECT id FROM ${sportsTables.markets} WHERE id = $1`)}) x
       LEFT JOIN market_settlements s ON s.market_id = x.id`,
    [marketId],
  );
  if (!row) return null;
  const [runners, traded] = await Promise.all([
    readRunnersInOrder(sql, marketId),
    readTradedByPrice(sql, [marketId]),
  ]);
  const market = marketOf(row);
  return {
    ...market,
    event: {
      id: row.event_id,
      name: row.event_name,
      sport: row.sport_slug,
      competition: row.competition,
      startTime: market.startTime,
      status: row.event_status,
      inPlay: row.event_in_play,
    },
    betDelaySec: row.bet_delay_sec,
    commissionPercent: Number(row.commission_percent),
    line: row.line,
    runners: runners.map((runner, index) => ({
      id: runner.runner_id,
      name: runner.name,
      status: runnerStatus(market.outcome, runner.runner_id),
      fairPpm: runner.fair_ppm,
      traded: tradedOfRunner(traded, index),
    })),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at).toISOString(),
  };
}

/** A runner's traded volume by price, lowest first; fills name runners by their index in the market's order. */
const tradedOfRunner = (rows: readonly TradedRow[], runnerIndex: number) =>
  rows
    .filter((row) => row.runner_index === runnerIndex)
    .sort((a, b) => a.price_tick - b.price_tick)
    .map((row) => ({ price: decimalOddsOfTick(row.price_tick), size: formatMinor(BigInt(row.size_minor)) }));

function runnerStatus(
  outcome: AdminMarketOutcome | null,
  runnerId: string,
): AdminMarketDetail['runners'][number]['status'] {
  if (!outcome) return 'ACTIVE';
  if (outcome.kind === 'VOID') return 'VOID';
  if (outcome.kind === 'LINE') return 'SETTLED';
  return outcome.winnerRunnerId === runnerId ? 'WINNER' : 'LOSER';
}

function marketOf(row: MarketRow): AdminMarket {
  return {
    id: row.id,
    eventId: row.event_id,
    eventName: row.event_name,
    sport: row.sport_slug,
    competition: row.competition,
    name: row.name,
    type: row.type,
    startTime: new Date(row.start_time).toISOString(),
    status: row.status,
    inPlay: row.in_play,
    matched: formatMinor(BigInt(row.matched_minor)),
    minStake: formatMinor(BigInt(row.min_stake_minor)),
    maxStake: formatMinor(BigInt(row.max_stake_minor)),
    marketMaker: row.market_maker,
    housePriced: row.house_priced,
    custom: row.event_id.startsWith(CUSTOM_EVENT_PREFIX),
    outcome:
      row.outcome_kind === null
        ? null
        : {
            kind: row.outcome_kind,
            winnerRunnerId: row.winner_runner_id,
            winner: row.winner,
            lineResult: row.line_result,
            decidedAt: new Date(row.decided_at!).toISOString(),
          },
  };
}

/** The text as a LIKE pattern matches it literally: its own % and _ are not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function splitCursor(cursor: string): [string, string] {
  const at = cursor.indexOf('_');
  return [cursor.slice(0, at), cursor.slice(at + 1)];
}
