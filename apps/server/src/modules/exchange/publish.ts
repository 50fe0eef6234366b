import { readMarketsById } from '../sports/index.ts';
import { betView } from './bet-view.ts';
import type { Effects } from './effects.ts';
import type { ExchangeService } from './exchange-service.ts';
import { namesOf } from './names.ts';

let lastSeq = 0;
/** Grows on every bet message, across players; the clock keeps it growing across restarts. */
const nextSeq = () => (lastSeq = Math.max(lastSeq + 1, Date.now()));

/**
 * After a batch committed: every changed market as `GET /api/markets/:id` shows it, and each touched
 * bet to its player's `bet` topic.
 */
export async function publishEffects(service: ExchangeService, effects: Effects): Promise<void> {
  const { streams, db } = service.deps;
  for (const bet of effects.bets.values()) {
    const unit = service.loaded(bet.marketId);
    const data = { bet: betView(bet, unit ? namesOf(unit, bet) : undefined) };
    await streams.publish('bet', bet.playerId, { seq: nextSeq(), data, key: bet.id });
  }
  const marketIds = [...new Set([...effects.markets, ...effects.marketStatus.keys()])];
  for (const market of await readMarketsById(db, marketIds)) {
    await streams.publish('market', market.id, { seq: market.version, data: market });
  }
}
