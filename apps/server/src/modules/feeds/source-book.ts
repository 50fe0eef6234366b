import type { SourceBook } from '@backlay/contracts';
import type { MarketDefinition, PriceSize, SourceMarket } from '@backlay/betfair-stream';
import { portalRunnerId } from './ids.ts';
import { namesOf, type FeedNames } from './names.ts';

const byPriceDown = (a: PriceSize, b: PriceSize) => b[0] - a[0];
const byPriceUp = (a: PriceSize, b: PriceSize) => a[0] - b[0];
const ladder = (levels: readonly PriceSize[], order: (a: PriceSize, b: PriceSize) => number) =>
  levels.map(([price, size]): [number, number] => [price, size]).sort(order);

/**
 * The source's own book of a mirrored market as players see it (`GET /api/markets/:id/source`):
 * backs best (highest) first, lays best (lowest) first, traded by price, as the source gives them.
 */
export function sourceBookOf(feedId: string, market: SourceMarket, names: FeedNames): SourceBook {
  const definition = market.definition;
  const runnerDefinitions = new Map(
    definition?.runners.map((runner) => [`${runner.id} ${runner.hc ?? 0}`, runner]),
  );
  const named = definition ? namesOf(market.id, definition, names) : null;
  return {
    feedId,
    sourceMarketId: market.id,
    pt: market.pt,
    status: definition ? (definition.status === 'INACTIVE' ? 'SUSPENDED' : definition.status) : 'SUSPENDED',
    inPlay: definition?.inPlay === true,
    ...(definition ? { terms: termsOf(definition) } : {}),
    runners: market.runners.map((runner) => {
      const own = runnerDefinitions.get(`${runner.id} ${runner.hc}`);
      return {
        id: portalRunnerId(runner.id, runner.hc),
        sourceSelectionId: runner.id,
        name: named ? named.runner(runner.id, own?.sortPriority ?? 0, own?.name) : String(runner.id),
        status: own?.status ?? 'ACTIVE',
        adjustmentFactor: typeof own?.adjustmentFactor === 'number' ? own.adjustmentFactor : null,
        ...(typeof own?.removalDate === 'string' ? { removalDate: own.removalDate } : {}),
        ltp: runner.ltp,
        tv: runner.tv,
        atb: ladder(runner.atb, byPriceDown),
        atl: ladder(runner.atl, byPriceUp),
        trd: ladder(runner.trd, byPriceUp),
      };
    }),
  };
}

const termsOf = (definition: MarketDefinition): NonNullable<SourceBook['terms']> => ({
  marketType: typeof definition.marketType === 'string' ? definition.marketType : null,
  numberOfWinners: Number.isInteger(definition.numberOfWinners) ? definition.numberOfWinners! : null,
  marketTime: typeof definition.marketTime === 'string' ? definition.marketTime : null,
  betDelay: Number.isInteger(definition.betDelay) ? definition.betDelay! : null,
  bspMarket: definition.bspMarket === true,
});
