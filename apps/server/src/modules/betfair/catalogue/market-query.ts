import type { Sql } from '../../../db/database.ts';
import { exchangeTables } from '../../exchange/index.ts';
import { sportsTables } from '../../sports/index.ts';
import type { MarketFilter } from './params.ts';

/** A selected market with what every catalogue answer is made of, ids already Betfair's numbers. */
export type MarketRow = {
  id: string;
  bf_id: bigint | string;
  type_code: string;
  name: string;
  status: 'OPEN' | 'SUSPENDED' | 'CLOSED' | 'SETTLED' | 'VOID';
  in_play: boolean;
  bet_delay_sec: number;
  commission_percent: string | number;
  /** The definition's version (docs/decisions/0259), Betfair's marketDefinition version. */
  version: bigint | string | number;
  sort_order: number;
  event_id: string;
  event_bf_id: bigint | string;
  event_name: string;
  start_time: Date | string;
  competition_id: bigint | string;
  competition_name: string;
  sport_slug: string;
  sport_bf_id: bigint | string;
  sport_name: string;
  /** The market's stake range in minor units (numeric text). */
  min_stake_minor: string;
  max_stake_minor: string;
};

/** Races are priced before the off only: their markets never turn in play (Betfair's WIN markets). */
export const RACING_SPORTS: readonly string[] = ['horse-racing', 'greyhound-racing'];

/**
 * Betfair's market type code: our types are its codes (MATCH_ODDS, TIED_MATCH, WINNER), except a race's
 * winner market, which Betfair names WIN.
 */
const TYPE_CODE = `CASE WHEN m.type = 'MATCH_ODDS' AND e.sport_slug IN ('horse-racing', 'greyhound-racing')
  THEN 'WIN' ELSE m.type END`;

const COLUMNS = `m.id, m.bf_id, ${TYPE_CODE} AS type_code, m.name, m.status, m.in_play, m.bet_delay_sec,
  m.commission_percent, m.definition_version AS version, m.sort_order, e.id AS event_id, e.bf_id AS event_bf_id,
  e.name AS event_name, e.start_time, c.id AS competition_id, c.name AS competition_name,
  s.slug AS sport_slug, s.bf_id AS sport_bf_id, s.name AS sport_name, m.min_stake_minor::text,
  m.max_stake_minor::text`;

const FROM = `${sportsTables.markets} m JOIN ${sportsTables.events} e ON e.id = m.event_id
  JOIN ${sportsTables.competitions} c ON c.id = e.competition_id JOIN ${sportsTables.sports} s ON s.slug = e.sport_slug`;

const numbers = (ids: readonly bigint[] | null) => (ids ? ids.map(String) : null);
const inList = (column: string, param: number, cast: string) =>
  `($${param}::${cast}[] IS NULL OR ${column} = ANY($${param}::${cast}[]))`;

/**
 * The WHERE of a filter over exchange runner markets that are published (OPEN or SUSPENDED, as Betfair's
 * catalogue), and its parameters. House-priced markets are never offered on the API.
 */
function where(filter: MarketFilter): { clause: string; params: unknown[] } {
  const clause = `NOT m.house_priced AND m.status IN ('OPEN', 'SUSPENDED')
    AND ${inList('s.bf_id', 1, 'bigint')} AND ${inList('e.bf_id', 2, 'bigint')}
    AND ${inList('c.id', 3, 'bigint')} AND ${inList('m.bf_id', 4, 'bigint')}
    AND ${inList(TYPE_CODE, 5, 'text')}
    AND ($6::boolean IS NULL OR m.in_play = $6::boolean)
    AND ($7::boolean IS NULL OR $7::boolean = (e.sport_slug NOT IN ('horse-racing', 'greyhound-racing')))
    AND ($8::timestamptz IS NULL OR e.start_time >= $8::timestamptz)
    AND ($9::timestamptz IS NULL OR e.start_time <= $9::timestamptz)
    AND ($10::text IS NULL OR e.name ILIKE $10 OR c.name ILIKE $10 OR m.name ILIKE $10)`;
  return {
    clause,
    params: [
      numbers(filter.eventTypeIds),
      numbers(filter.eventIds),
      numbers(filter.competitionIds),
      numbers(filter.marketIds),
      filter.marketTypeCodes,
      filter.inPlayOnly,
      filter.turnInPlayEnabled,
      filter.from?.toISOString() ?? null,
      filter.to?.toISOString() ?? null,
      filter.textPattern,
    ],
  };
}

export type MarketSort = 'RANK' | 'FIRST_TO_START' | 'LAST_TO_START' | 'MINIMUM_TRADED' | 'MAXIMUM_TRADED';

// RANK as Betfair describes it: sport, competition, start, the market's place in its event, its id.
const ORDER: Record<MarketSort, string> = {
  RANK: 's.sort_order, c.name, e.start_time, e.bf_id, m.sort_order, m.bf_id',
  FIRST_TO_START: 'e.start_time, m.sort_order, m.bf_id',
  LAST_TO_START: 'e.start_time DESC, m.sort_order, m.bf_id',
  MINIMUM_TRADED: 'traded, m.bf_id',
  MAXIMUM_TRADED: 'traded DESC, m.bf_id',
};

// Only the traded sorts read the fills, and then only the selected markets'.
const TRADED = `(SELECT coalesce(sum_minor(f.size_minor), 0) FROM ${exchangeTables.betFills} f
  WHERE f.market_id = m.id AND f.voided_at IS NULL) AS traded`;

/** Markets of a filter, `limit` of them in `sort` order. */
export async function selectMarkets(
  sql: Sql,
  filter: MarketFilter,
  sort: MarketSort,
  limit: number,
): Promise<MarketRow[]> {
  const { clause, params } = where(filter);
  const traded = sort === 'MINIMUM_TRADED' || sort === 'MAXIMUM_TRADED' ? `, ${TRADED}` : '';
  return sql.query<MarketRow>(
    `SELECT ${COLUMNS}${traded} FROM ${FROM} WHERE ${clause} ORDER BY ${ORDER[sort]} LIMIT ${limit}`,
    params,
  );
}

/** Markets of a filter counted by `group` (the navigation operations' facets). */
export async function countMarkets<Row>(
  sql: Sql,
  filter: MarketFilter,
  group: { columns: string; by: string; order: string },
): Promise<(Row & { market_count: bigint | string })[]> {
  const { clause, params } = where(filter);
  return sql.query<Row & { market_count: bigint | string }>(
    `SELECT ${group.columns}, count(*) AS market_count FROM ${FROM} WHERE ${clause}
     GROUP BY ${group.by} ORDER BY ${group.order}`,
    params,
  );
}

/** Markets by Betfair number, in any status (a book is read after the close too), exchange ones only. */
export async function marketsByBfId(sql: Sql, bfIds: readonly bigint[]): Promise<MarketRow[]> {
  if (bfIds.length === 0) return [];
  return sql.query<MarketRow>(
    `SELECT ${COLUMNS} FROM ${FROM}
     WHERE NOT m.house_priced AND m.bf_id = ANY($1::bigint[])`,
    [numbers(bfIds)],
  );
}
