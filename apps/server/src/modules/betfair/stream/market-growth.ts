import { marketChange } from './market-changes.ts';
import { MAX_SUBSCRIBED_MARKETS } from './market-filter.ts';
import type { MarketHub, MarketSink } from './market-hub.ts';
import type { MarketWithRunners } from './market-state.ts';
import type { MarketChange } from './messages.ts';

/**
 * New markets a growing subscription takes on (docs/decisions/0259): those it does not follow yet,
 * up to its ceiling, joined on the hub; answers each one's full image (`img: true`), which Betfair
 * sends in an ordinary update for a market that appears, its deltas following.
 */
export async function joinNewMarkets(
  hub: Pick<MarketHub, 'join'>,
  subscription: { sink: MarketSink; marketIds: string[] },
  infos: readonly MarketWithRunners[],
): Promise<MarketChange[]> {
  const known = new Set(subscription.marketIds);
  const room = Math.max(0, MAX_SUBSCRIBED_MARKETS - known.size);
  const fresh = infos.filter((info) => !known.has(info.row.id)).slice(0, room);
  if (fresh.length === 0) return [];
  // Listed first: a subscription replaced meanwhile leaves these markets with the rest.
  subscription.marketIds.push(...fresh.map((info) => info.row.id));
  const states = await hub.join(subscription.sink, fresh);
  return states.map((state) => marketChange(subscription.sink.filter, undefined, state)!);
}
