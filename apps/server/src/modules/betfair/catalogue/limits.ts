import { ApiNgError } from '../api-ng/operation.ts';

/**
 * Betfair's market data request limits (docs/decisions/0256): each projection weighs points, and
 * weight × markets may not pass 200 in one request, else TOO_MUCH_DATA. Weights as Betfair publishes
 * them ("Market Data Request Limits").
 */
export const MAX_POINTS = 200;

export type PriceData = 'SP_AVAILABLE' | 'SP_TRADED' | 'EX_BEST_OFFERS' | 'EX_ALL_OFFERS' | 'EX_TRADED';
export type MarketProjection =
  | 'COMPETITION'
  | 'EVENT'
  | 'EVENT_TYPE'
  | 'RUNNER_DESCRIPTION'
  | 'RUNNER_METADATA'
  | 'MARKET_START_TIME'
  | 'MARKET_DESCRIPTION';

const CATALOGUE_WEIGHTS: Record<MarketProjection, number> = {
  MARKET_DESCRIPTION: 1,
  RUNNER_DESCRIPTION: 0,
  EVENT: 0,
  EVENT_TYPE: 0,
  COMPETITION: 0,
  RUNNER_METADATA: 1,
  MARKET_START_TIME: 0,
};

/** listMarketCatalogue: the projections' weights, for each market answered. */
export const catalogueWeight = (projection: ReadonlySet<MarketProjection>): number =>
  [...projection].reduce((sum, item) => sum + CATALOGUE_WEIGHTS[item], 0);

/**
 * listMarketBook / listRunnerBook: one market's weight for its price data. EX_ALL_OFFERS trumps
 * EX_BEST_OFFERS; with EX_TRADED the pair weighs less than the sum (20 and 32); no price data weighs 2.
 * A best-offers depth other than 3 scales the weight by depth / 3: the weight is answered in thirds so
 * the sum stays an integer.
 */
export function bookWeightThirds(priceData: ReadonlySet<PriceData>, depth: number): number {
  if (priceData.size === 0) return 2 * 3;
  const all = priceData.has('EX_ALL_OFFERS');
  const best = !all && priceData.has('EX_BEST_OFFERS');
  const traded = priceData.has('EX_TRADED');
  let exchange = 0;
  if (all) exchange = traded ? 32 : 17;
  else if (best) exchange = traded ? 20 : 5;
  else if (traded) exchange = 17;
  const sp = (priceData.has('SP_AVAILABLE') ? 3 : 0) + (priceData.has('SP_TRADED') ? 7 : 0);
  return (best ? exchange * depth : exchange * 3) + sp * 3;
}

/** Throws TOO_MUCH_DATA when `markets` markets of `weightThirds` each pass the limit. */
export function checkPoints(markets: number, weightThirds: number): void {
  if (markets * weightThirds > MAX_POINTS * 3) {
    throw new ApiNgError(
      'TOO_MUCH_DATA',
      `The request asks for ${(markets * weightThirds) / 3} points of market data; the limit is ${MAX_POINTS}.`,
    );
  }
}
