import type { Sql } from '../../../db/database.ts';
import { countMarkets } from './market-query.ts';
import { competitionOf, eventOf, eventTypeOf } from './shapes.ts';
import type { MarketFilter } from './params.ts';

/**
 * The navigation operations (Betfair's faceted search): the sports, competitions and events that have
 * markets under the filter, each with how many.
 */

export async function listEventTypes(sql: Sql, filter: MarketFilter) {
  const rows = await countMarkets<{ sport_bf_id: bigint | string; sport_name: string }>(sql, filter, {
    columns: 's.bf_id AS sport_bf_id, s.name AS sport_name',
    by: 's.bf_id, s.name, s.sort_order',
    order: 's.sort_order',
  });
  return rows.map((row) => ({ eventType: eventTypeOf(row), marketCount: Number(row.market_count) }));
}

// Our competitions are not tied to a country: Betfair's region for such is "International".
export async function listCompetitions(sql: Sql, filter: MarketFilter) {
  const rows = await countMarkets<{ competition_id: bigint | string; competition_name: string }>(
    sql,
    filter,
    {
      columns: 'c.id AS competition_id, c.name AS competition_name',
      by: 'c.id, c.name',
      order: 'c.name, c.id',
    },
  );
  return rows.map((row) => ({
    competition: competitionOf(row),
    marketCount: Number(row.market_count),
    competitionRegion: 'International',
  }));
}

export async function listEvents(sql: Sql, filter: MarketFilter) {
  const rows = await countMarkets<{
    event_bf_id: bigint | string;
    event_name: string;
    start_time: Date | string;
  }>(sql, filter, {
    columns: 'e.bf_id AS event_bf_id, e.name AS event_name, e.start_time',
    by: 'e.bf_id, e.name, e.start_time',
    order: 'e.start_time, e.bf_id',
  });
  return rows.map((row) => ({ event: eventOf(row), marketCount: Number(row.market_count) }));
}
