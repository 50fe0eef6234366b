import type { Sql } from '../../../db/database.ts';
import { readRunnersOfMarkets } from '../../sports/index.ts';
import type { ApiNgParams } from '../api-ng/operation.ts';
import type { BetfairIds } from '../ids.ts';
import { catalogueWeight, checkPoints, type MarketProjection } from './limits.ts';
import { selectMarkets, type MarketRow, type MarketSort } from './market-query.ts';
import { readEnum, readEnumSet, readFilter, readMaxResults } from './params.ts';
import { majorUnits } from './prices.ts';
import {
  betfairDate,
  catalogueRunnerOf,
  competitionOf,
  descriptionOf,
  eventOf,
  eventTypeOf,
  marketIdOf,
  stakeLimitsOf,
  type RunnerRow,
} from './shapes.ts';
import { marketTotalMinor, readTraded } from './traded.ts';

export const MARKET_PROJECTIONS: readonly MarketProjection[] = [
  'COMPETITION',
  'EVENT',
  'EVENT_TYPE',
  'RUNNER_DESCRIPTION',
  'RUNNER_METADATA',
  'MARKET_START_TIME',
  'MARKET_DESCRIPTION',
];

// The available-volume sorts have no stored figure to sort by: they answer in RANK order.
const SORTS = [
  'RANK',
  'FIRST_TO_START',
  'LAST_TO_START',
  'MINIMUM_TRADED',
  'MAXIMUM_TRADED',
  'MINIMUM_AVAILABLE',
  'MAXIMUM_AVAILABLE',
] as const;

/** listMarketCatalogue: published exchange markets under the filter, with what the projection asks. */
export async function listMarketCatalogue(sql: Sql, ids: BetfairIds, params: ApiNgParams) {
  const filter = readFilter(params);
  const projection = readEnumSet(params.marketProjection, 'marketProjection', MARKET_PROJECTIONS);
  const sort = readEnum(params.sort, 'sort', SORTS) ?? 'RANK';
  const maxResults = readMaxResults(params);
  const markets = await selectMarkets(sql, filter, sortOf(sort), maxResults);
  checkPoints(markets.length, catalogueWeight(projection) * 3);
  const withRunners = projection.has('RUNNER_DESCRIPTION') || projection.has('RUNNER_METADATA');
  const runners = withRunners ? await readRunners(sql, markets) : new Map<string, RunnerRow[]>();
  const traded = await readTraded(
    sql,
    markets.map((m) => m.id),
  );
  return markets.map((market) => {
    ids.rememberMarket(market.id, BigInt(market.bf_id));
    const list = runners.get(market.id) ?? [];
    for (const runner of list) {
      ids.rememberRunner({ marketId: market.id, runnerId: runner.runner_id }, BigInt(runner.bf_id));
    }
    return {
      marketId: marketIdOf(market),
      marketName: market.name,
      totalMatched: majorUnits(marketTotalMinor(traded.get(market.id))),
      ...(projection.has('MARKET_START_TIME') ? { marketStartTime: betfairDate(market.start_time) } : {}),
      ...(projection.has('COMPETITION') ? { competition: competitionOf(market) } : {}),
      ...(projection.has('EVENT') ? { event: eventOf(market) } : {}),
      ...(projection.has('EVENT_TYPE') ? { eventType: eventTypeOf(market) } : {}),
      ...(projection.has('MARKET_DESCRIPTION')
        ? { description: descriptionOf(market), stakeLimits: stakeLimitsOf(market) }
        : {}),
      ...(withRunners
        ? {
            runners: list.map((runner, index) =>
              catalogueRunnerOf(runner, index, projection.has('RUNNER_METADATA')),
            ),
          }
        : {}),
    };
  });
}

const sortOf = (sort: (typeof SORTS)[number]): MarketSort =>
  sort === 'MINIMUM_AVAILABLE' || sort === 'MAXIMUM_AVAILABLE' ? 'RANK' : sort;

/** The markets' runners in their order, by market id. */
export async function readRunners(
  sql: Sql,
  markets: readonly Pick<MarketRow, 'id'>[],
): Promise<Map<string, RunnerRow[]>> {
  const byMarket = new Map<string, RunnerRow[]>();
  if (markets.length === 0) return byMarket;
  const rows = await readRunnersOfMarkets(
    sql,
    markets.map((market) => market.id),
  );
  for (const row of rows) {
    const list = byMarket.get(row.market_id) ?? [];
    list.push(row);
    byMarket.set(row.market_id, list);
  }
  return byMarket;
}
