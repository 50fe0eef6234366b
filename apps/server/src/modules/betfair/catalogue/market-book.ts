import type { Sql } from '../../../db/database.ts';
import { readSettledWinners } from '../../exchange/index.ts';
import { parseBfMarketId, parseBfNumber, type BetfairIds } from '../ids.ts';
import { isJsonObject } from '../api-ng/json.ts';
import type { ApiNgCaller, ApiNgParams } from '../api-ng/operation.ts';
import { readRunnerOrders, type OrdersAsk, type RunnerOrders } from './book-orders.ts';
import { bookWeightThirds, checkPoints, type PriceData } from './limits.ts';
import { ALL_LEVELS, readBooks, type Level, type LiveBooks, type MarketLevels } from './live-book.ts';
import { readRunners } from './market-catalogue.ts';
import { marketsByBfId, type MarketRow } from './market-query.ts';
import { invalid, readEnum, readEnumSet } from './params.ts';
import { majorUnits, priceOfTick } from './prices.ts';
import { betfairDate, marketIdOf, stakeLimitsOf, type RunnerRow } from './shapes.ts';
import { lastMatchedMs, marketTotalMinor, readTraded, type MarketTraded } from './traded.ts';

export type BookDeps = { sql: Sql; ids: BetfairIds; live: LiveBooks | undefined };

const PRICE_DATA: readonly PriceData[] = [
  'SP_AVAILABLE',
  'SP_TRADED',
  'EX_BEST_OFFERS',
  'EX_ALL_OFFERS',
  'EX_TRADED',
];
const ORDER_PROJECTIONS = ['ALL', 'EXECUTABLE', 'EXECUTION_COMPLETE'] as const;
const MATCH_PROJECTIONS = ['NO_ROLLUP', 'ROLLED_UP_BY_PRICE', 'ROLLED_UP_BY_AVG_PRICE'] as const;
const DEFAULT_DEPTH = 3;

/** What a book request asks for beyond its markets. */
type BookAsk = { priceData: Set<PriceData>; depth: number; own: OrdersAsk };

/**
 * listMarketBook: each asked market that exists, in the order asked (an unknown id is left out, as
 * Betfair does). With orderProjection or matchProjection each runner carries the caller's own `orders`
 * and `matches`.
 */
export async function listMarketBook(deps: BookDeps, caller: ApiNgCaller, params: ApiNgParams) {
  const value = params.marketIds;
  if (!Array.isArray(value) || value.length === 0)
    throw invalid('marketIds must list at least one market id.');
  const bfIds = value.map((id) => {
    const bf = parseBfMarketId(id);
    if (bf === null) throw invalid(`marketIds: ${JSON.stringify(id)} is not a market id.`);
    return bf;
  });
  const ask = readAsk(params);
  checkPoints(new Set(bfIds).size, bookWeightThirds(ask.priceData, ask.depth));
  return books(deps, caller, bfIds, ask, null);
}

/** listRunnerBook: one market's book with only the asked runner. */
export async function listRunnerBook(deps: BookDeps, caller: ApiNgCaller, params: ApiNgParams) {
  const bf = parseBfMarketId(params.marketId);
  if (bf === null) throw invalid('marketId must be a market id such as 1.123.');
  const selectionId = parseBfNumber(params.selectionId);
  if (selectionId === null) throw invalid('selectionId must be a selection id.');
  if (params.handicap !== undefined && typeof params.handicap !== 'number')
    throw invalid('handicap must be a number.');
  const ask = readAsk(params);
  checkPoints(1, bookWeightThirds(ask.priceData, ask.depth));
  return books(deps, caller, [bf], ask, selectionId);
}

function readAsk(params: ApiNgParams): BookAsk {
  const own: OrdersAsk = {
    orders: readEnum(params.orderProjection, 'orderProjection', ORDER_PROJECTIONS),
    matches: readEnum(params.matchProjection, 'matchProjection', MATCH_PROJECTIONS),
  };
  const projection = params.priceProjection;
  if (projection === undefined) return { priceData: new Set(), depth: DEFAULT_DEPTH, own };
  if (!isJsonObject(projection)) throw invalid('priceProjection must be a PriceProjection object.');
  const priceData = readEnumSet(projection.priceData, 'priceData', PRICE_DATA);
  const overrides = projection.exBestOffersOverrides;
  if (overrides !== undefined && !isJsonObject(overrides))
    throw invalid('exBestOffersOverrides must be an object.');
  const depth = overrides?.bestPricesDepth ?? DEFAULT_DEPTH;
  if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 1 || depth > ALL_LEVELS) {
    throw invalid(`bestPricesDepth must be an integer from 1 to ${ALL_LEVELS}.`);
  }
  return { priceData, depth, own };
}

async function books(
  deps: BookDeps,
  caller: ApiNgCaller,
  bfIds: readonly bigint[],
  ask: BookAsk,
  selectionId: bigint | null,
) {
  const markets = await marketsByBfId(deps.sql, bfIds);
  const byBf = new Map(markets.map((market) => [BigInt(market.bf_id), market]));
  const ordered = [...new Set(bfIds)].flatMap((bf) => byBf.get(bf) ?? []);
  const ids = ordered.map((market) => market.id);
  const showAll = ask.priceData.has('EX_ALL_OFFERS');
  const showBest = showAll || ask.priceData.has('EX_BEST_OFFERS');
  const [runners, levels, traded, winners, own] = await Promise.all([
    readRunners(deps.sql, ordered),
    readBooks(deps.sql, deps.live, ids, showAll ? ALL_LEVELS : ask.depth),
    readTraded(deps.sql, ids),
    readWinners(deps.sql, ordered),
    readRunnerOrders(deps.sql, caller.playerId, ids, ask.own),
  ]);
  return ordered.map((market) => {
    deps.ids.rememberMarket(market.id, BigInt(market.bf_id));
    const list = runners.get(market.id) ?? [];
    const context: BookContext = {
      market,
      levels: showBest ? levels.get(market.id) : undefined,
      traded: traded.get(market.id),
      showTraded: ask.priceData.has('EX_TRADED'),
      winner: winners.get(market.id) ?? null,
      own,
    };
    const shown = list
      .map((runner, index) => ({ runner, index }))
      .filter(({ runner }) => selectionId === null || BigInt(runner.bf_id) === selectionId);
    return marketBookOf(context, list, shown);
  });
}

type BookContext = {
  market: MarketRow;
  levels: MarketLevels | undefined;
  traded: MarketTraded | undefined;
  showTraded: boolean;
  winner: string | null;
  own: RunnerOrders;
};

const STATUS: Record<MarketRow['status'], 'OPEN' | 'SUSPENDED' | 'CLOSED'> = {
  OPEN: 'OPEN',
  SUSPENDED: 'SUSPENDED',
  CLOSED: 'CLOSED',
  SETTLED: 'CLOSED',
  VOID: 'CLOSED',
};

function marketBookOf(
  context: BookContext,
  all: readonly RunnerRow[],
  shown: readonly { runner: RunnerRow; index: number }[],
) {
  const { market } = context;
  const runners = shown.map(({ runner, index }) => runnerBookOf(context, runner, index));
  const available = [...(context.levels?.runners.values() ?? [])]
    .flatMap((sides) => [...sides.back, ...sides.lay])
    .reduce((sum, level) => sum + level.sizeMinor, 0n);
  const lastMatched = lastMatchedMs(context.traded);
  return {
    marketId: marketIdOf(market),
    isMarketDataDelayed: false,
    status: STATUS[market.status],
    betDelay: market.in_play ? market.bet_delay_sec : 0,
    bspReconciled: false,
    complete: true,
    inplay: market.in_play,
    numberOfWinners: 1,
    numberOfRunners: all.length,
    numberOfActiveRunners: all.length,
    // Betfair sends it once the market has matched; the fills' own time, read with the totals.
    ...(lastMatched !== undefined && { lastMatchTime: betfairDate(new Date(lastMatched)) }),
    totalMatched: majorUnits(marketTotalMinor(context.traded)),
    totalAvailable: majorUnits(available),
    crossMatching: false,
    runnersVoidable: false,
    // The definition's version (0259): status, in play, delay; neither prices nor the feed's fair
    // prices move it. The stream's definition carries it and placeOrders' marketVersion is judged by it.
    version: Number(market.version),
    stakeLimits: stakeLimitsOf(market),
    runners,
  };
}

function runnerBookOf(context: BookContext, runner: RunnerRow, index: number) {
  const traded = context.traded?.get(index);
  const sides = context.levels?.runners.get(runner.runner_id);
  const status =
    context.winner === null ? 'ACTIVE' : context.winner === runner.runner_id ? 'WINNER' : 'LOSER';
  return {
    selectionId: Number(runner.bf_id),
    handicap: 0,
    status,
    ...(traded ? { lastPriceTraded: priceOfTick(traded.lastTick) } : {}),
    totalMatched: majorUnits(traded?.totalMinor ?? 0n),
    ex: {
      availableToBack: (sides?.back ?? []).map(priceSize),
      availableToLay: (sides?.lay ?? []).map(priceSize),
      tradedVolume: context.showTraded && traded ? tradedVolume(traded.byTick) : [],
    },
    ...context.own.get(`${context.market.bf_id}:${runner.bf_id}`),
  };
}

const priceSize = (level: Level) => ({ price: level.price, size: majorUnits(level.sizeMinor) });

/** Betfair lists traded volume by price, lowest first. */
const tradedVolume = (byTick: ReadonlyMap<number, bigint>) =>
  [...byTick]
    .sort(([a], [b]) => a - b)
    .map(([tick, size]) => ({ price: priceOfTick(tick), size: majorUnits(size) }));

/** The winning runner of each settled market (a void has none). */
async function readWinners(sql: Sql, markets: readonly MarketRow[]): Promise<Map<string, string>> {
  const settled = markets.filter((market) => market.status === 'SETTLED').map((market) => market.id);
  return settled.length === 0 ? new Map() : readSettledWinners(sql, settled);
}
