import { readMarketsById } from '../sports/index.ts';
import { betView } from './bet-view.ts';
import type { Effects } from './effects.ts';
import type { ExchangeService } from './exchange-service.ts';
import { namesOf } from './names.ts';

let lastSeq = 0;
/** Grows on every bet message, across players; the clock keeps it growing across restarts. */
const nextSeq = () => (lastSeq = Math.max(lastSeq + 1, Date.now()));

/**
 * After a batch committed: each touched bet to its player's `bet` topic at once, and every changed
 * market to the conflation of market updates (at most one per market per 100 ms).
 */
export async function publishEffects(service: ExchangeService, effects: Effects): Promise<void> {
  const { streams } = service.deps;
  for (const bet of effects.bets.values()) {
    const unit = service.loaded(bet.marketId);
    const data = { bet: betView(bet, unit ? namesOf(unit, bet) : undefined) };
    await streams.publish('bet', bet.playerId, { seq: nextSeq(), data, key: bet.id });
  }
  service.marketUpdates.changed(new Set([...effects.markets, ...effects.marketStatus.keys()]));
}

/** Markets as `GET /api/markets/:id` shows them now, to their `market` topics. */
export async function publishMarkets(service: ExchangeService, marketIds: readonly string[]): Promise<void> {
  const { streams, db } = service.deps;
  for (const market of await readMarketsById(db, marketIds)) {
    await streams.publish('market', market.id, { seq: market.version, data: market });
  }
}
