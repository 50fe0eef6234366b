import { readClocks, resumePoint, type Clock } from './clocks.ts';
import { marketChange, type DataFilter } from './market-changes.ts';
import { MAX_SUBSCRIBED_MARKETS } from './market-filter.ts';
import type { MarketHub } from './market-hub.ts';
import type { MarketState, MarketWithRunners } from './market-state.ts';
import type { MarketChange } from './messages.ts';
import type { StreamRequest } from './protocol.ts';

/**
 * A market subscription resumed from its clocks (docs/decisions/0273): what the clocks say, what the
 * subscription it continues left, and its first message's changes.
 */

/** What a market subscription leaves for its resumption: its filters and the markets it showed. */
export type ResumableMarkets = {
  dataFilterKey: string;
  marketFilterKey: string;
  marketIds: readonly string[];
};

/** A resubscription's clocks, when this process can resume from them; a malformed one is no clock. */
export function resumePointOf(request: StreamRequest): ReturnType<typeof resumePoint> {
  try {
    return resumePoint(readClocks(request));
  } catch {
    return undefined;
  }
}

export type Resumed = { initialClk: Clock; clk: Clock; shown: ReadonlySet<string> };

/**
 * The subscription a resubscription continues, taken from `resumes` when its clocks name one of this
 * process with the same filters; its markets then include those it showed that the filter no longer
 * selects (closed ones): the client holds them, and hears of their close if it missed it.
 */
export function resumeFrom(
  point: ReturnType<typeof resumePoint>,
  keys: Omit<ResumableMarkets, 'marketIds'>,
  take: (initialClk: Clock) => ResumableMarkets | undefined,
  infos: MarketWithRunners[],
  infoOf: (marketId: string) => MarketWithRunners | undefined,
): { resumed: Resumed | undefined; infos: MarketWithRunners[] } {
  const previous = point && take(point.initialClk);
  if (
    !point ||
    previous?.dataFilterKey !== keys.dataFilterKey ||
    previous.marketFilterKey !== keys.marketFilterKey
  )
    return { resumed: undefined, infos };
  const resumed = { ...point, shown: new Set(previous.marketIds) };
  return { resumed, infos: withShown(infos, previous.marketIds, infoOf) };
}

/** The filter's markets, then those the resumed subscription showed that it no longer selects. */
export function withShown(
  infos: readonly MarketWithRunners[],
  shown: readonly string[],
  infoOf: (marketId: string) => MarketWithRunners | undefined,
): MarketWithRunners[] {
  const selected = new Set(infos.map((info) => info.row.id));
  const missing = shown.flatMap((marketId) => {
    const info = selected.has(marketId) ? undefined : infoOf(marketId);
    return info ? [info] : [];
  });
  return [...infos, ...missing].slice(0, MAX_SUBSCRIBED_MARKETS);
}

/**
 * The changes of a subscription's first message from the states fanned out last, not those joined:
 * changes held meanwhile are in them (their replay after changes nothing), so every change logged
 * before its clock is in it. Resumed, a market the client holds gets what changed after its clock
 * (nothing when nothing did), any other its image.
 */
export function firstChanges(
  hub: Pick<MarketHub, 'current' | 'changeSince'>,
  filter: DataFilter,
  infos: readonly MarketWithRunners[],
  joined: readonly MarketState[],
  resumed: { clk: Clock; shown: ReadonlySet<string> } | undefined,
): MarketChange[] {
  return infos.flatMap((info, index) => {
    const state = hub.current(info.row.id) ?? joined[index]!;
    const change = resumed?.shown.has(info.row.id)
      ? hub.changeSince(filter, info.row.id, resumed.clk)
      : undefined;
    return change === null ? [] : [change ?? marketChange(filter, undefined, state)!];
  });
}
