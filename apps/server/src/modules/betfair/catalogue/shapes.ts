import { bfMarketId } from '../ids.ts';
import { RACING_SPORTS, type MarketRow } from './market-query.ts';
import { majorUnits } from './prices.ts';

/**
 * Betfair's catalogue resources from our rows. The client builds EventType, Competition, Event and the
 * catalogue's description from exactly these keys and refuses an unknown one, so nothing else goes in.
 */

/** `YYYY-MM-DDTHH:MM:SS.sssZ`, the one form the client reads (any other becomes nothing). */
export const betfairDate = (value: Date | string): string => new Date(value).toISOString();

export const eventTypeOf = (row: Pick<MarketRow, 'sport_bf_id' | 'sport_name'>) => ({
  id: String(row.sport_bf_id),
  name: row.sport_name,
});

export const competitionOf = (row: Pick<MarketRow, 'competition_id' | 'competition_name'>) => ({
  id: String(row.competition_id),
  name: row.competition_name,
});

// Events carry no country or venue here: both are optional to the client, so they stay out.
export const eventOf = (row: Pick<MarketRow, 'event_bf_id' | 'event_name' | 'start_time'>) => ({
  id: String(row.event_bf_id),
  name: row.event_name,
  timezone: 'UTC',
  openDate: betfairDate(row.start_time),
});

/** MARKET_DESCRIPTION: the market's terms. No BSP, persistence offered, our commission as base rate. */
export const descriptionOf = (row: MarketRow) => ({
  bettingType: 'ODDS',
  bspMarket: false,
  marketTime: betfairDate(row.start_time),
  suspendTime: betfairDate(row.start_time),
  turnInPlayEnabled: !RACING_SPORTS.includes(row.sport_slug),
  marketType: row.type_code,
  persistenceEnabled: true,
  discountAllowed: false,
  marketBaseRate: Number(row.commission_percent),
  priceLadderDescription: { type: 'CLASSIC' },
});

export type RunnerRow = {
  market_id: string;
  runner_id: string;
  bf_id: bigint | string;
  name: string;
  sort_order: number;
};

/** A catalogue runner; RUNNER_METADATA adds Betfair's metadata map, which always names the runner id. */
export const catalogueRunnerOf = (runner: RunnerRow, index: number, metadata: boolean) => ({
  selectionId: Number(runner.bf_id),
  runnerName: runner.name,
  handicap: 0,
  sortPriority: index + 1,
  ...(metadata ? { metadata: { runnerId: String(runner.bf_id) } } : {}),
});

export const marketIdOf = (row: Pick<MarketRow, 'bf_id'>) => bfMarketId(row.bf_id);

/**
 * A market's stake range (docs/decisions/0273): `stakeLimits` on listMarketCatalogue (with
 * MARKET_DESCRIPTION) and listMarketBook, keys Betfair does not send and the client keeps without
 * reading. The catalogue's `description` cannot carry it: the client builds that from named keys only.
 */
export type StakeLimits = { minStake: number; maxStake: number };

export const stakeLimitsOf = (row: Pick<MarketRow, 'min_stake_minor' | 'max_stake_minor'>): StakeLimits => ({
  minStake: majorUnits(BigInt(row.min_stake_minor)),
  maxStake: majorUnits(BigInt(row.max_stake_minor)),
});
