import type { MarketDefinition, SourceMarket } from '@backlay/betfair-stream';
import type { MirroredMarket } from '../sports/index.ts';
import { mirroredEventId, mirroredMarketId, portalRunnerId } from './ids.ts';
import { namesOf, type FeedNames } from './names.ts';

/** The exchange terms a mirrored market gets (stakes and commission are the operator's, not the source's). */
export type MirrorTerms = { commissionPercent: number; minStakeMinor: bigint; maxStakeMinor: bigint };

/** The portal's market status for the source's: INACTIVE is shown as SUSPENDED. */
export const portalStatusOf = (status: MarketDefinition['status']): 'OPEN' | 'SUSPENDED' | 'CLOSED' =>
  status === 'OPEN' ? 'OPEN' : status === 'CLOSED' ? 'CLOSED' : 'SUSPENDED';

const timeMs = (text: string | undefined): number | null => {
  const ms = text === undefined ? Number.NaN : Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
};

/** Where a source market lives in the portal: its event and market ids. */
export function portalIdsOf(feedId: string, market: SourceMarket): { eventId: string; marketId: string } {
  const eventId = mirroredEventId(feedId, market.definition?.eventId ?? `m${market.id}`);
  return { eventId, marketId: mirroredMarketId(eventId, market.id) };
}

/**
 * The portal market of a source market whose definition is known (null before): runners in
 * sortPriority order, the source's type, winners, times, in play, bet delay and BSP flag.
 */
export function mirroredMarketOf(
  feedId: string,
  market: SourceMarket,
  names: FeedNames,
  terms: MirrorTerms,
): MirroredMarket | null {
  const definition = market.definition;
  if (!definition) return null;
  const named = namesOf(market.id, definition, names);
  const { eventId, marketId } = portalIdsOf(feedId, market);
  const eventTypeId = Number(definition.eventTypeId);
  const marketTimeMs = timeMs(definition.marketTime);
  const runners = [...definition.runners]
    .sort((a, b) => a.sortPriority - b.sortPriority)
    .map((runner, index) => ({
      runnerId: portalRunnerId(runner.id, runner.hc),
      name: named.runner(runner.id, runner.sortPriority, runner.name),
      sortOrder: index,
    }));
  return {
    marketId,
    eventId,
    eventTypeId: Number.isSafeInteger(eventTypeId) && eventTypeId > 0 ? eventTypeId : 0,
    eventName: named.event,
    competition: named.competition,
    eventStartMs: timeMs(definition.openDate) ?? marketTimeMs ?? market.pt,
    name: named.market,
    type: typeof definition.marketType === 'string' ? definition.marketType.slice(0, 40) : 'UNKNOWN',
    numberOfWinners: Math.max(1, Math.trunc(Number(definition.numberOfWinners ?? 1)) || 1),
    marketTimeMs,
    inPlay: definition.inPlay === true,
    betDelaySec: Math.max(0, Math.min(60, Math.trunc(Number(definition.betDelay ?? 0)) || 0)),
    bspMarket: definition.bspMarket === true,
    status: portalStatusOf(definition.status),
    ...terms,
    runners,
  };
}

/**
 * The source's result once it closed the market and decided every runner: winners (WINNER, or PLACED
 * in a market of several winners) in sortPriority order; none means void. Null while undecided.
 */
export function sourceResultOf(definition: MarketDefinition | null): { winnerRunnerIds: string[] } | null {
  if (definition?.status !== 'CLOSED') return null;
  const runners = [...definition.runners].sort((a, b) => a.sortPriority - b.sortPriority);
  if (runners.some((runner) => runner.status === 'ACTIVE')) return null;
  const winners = runners.filter((runner) => runner.status === 'WINNER' || runner.status === 'PLACED');
  return { winnerRunnerIds: winners.map((runner) => portalRunnerId(runner.id, runner.hc)) };
}
