import { readMarketsById } from '../sports/index.ts';
import { betView } from './bet-view.ts';
import type { ExchangeContext } from './context.ts';
import type { ExchangeDeps } from './deps.ts';
import type { Effects } from './effects.ts';
import type { MarketUnit } from './market-unit.ts';
import type { ConflatedMarkets } from './market-updates.ts';
import { namesOf } from './names.ts';

/**
 * What publishing reads of the exchange on this instance. ExchangeService answers it; it is declared here
 * so that publishing does not import the service that calls it.
 */
export type PublishingExchange = {
  deps: Pick<ExchangeDeps, 'db' | 'streams'>;
  loaded(marketId: string): MarketUnit | undefined;
  marketUpdates: Pick<ConflatedMarkets, 'changed'>;
};

/**
 * What an operator's correction (re-settlement, a bet's void) uses of the service: it writes its own
 * transaction, with the audit row, and publishes like a batch once that committed.
 */
export type CorrectingExchange = Omit<PublishingExchange, 'deps'> & {
  deps: Pick<ExchangeDeps, 'db' | 'streams' | 'wallet'>;
  ctx: ExchangeContext;
};

let lastSeq = 0;
/** Grows on every bet message, across players; the clock keeps it growing across restarts. */
const nextSeq = () => (lastSeq = Math.max(lastSeq + 1, Date.now()));

/**
 * After a batch committed: each touched bet to its player's `bet` topic at once, and every changed
 * market to the conflation of market updates (at most one per market per 100 ms). The bets are all
 * sent in one turn, so the bus writes the batch's messages together (one write to Redis, one NOTIFY
 * statement), in order, instead of waiting for each one's answer before the next.
 */
export async function publishEffects(service: PublishingExchange, effects: Effects): Promise<void> {
  const { streams } = service.deps;
  const published: Promise<void>[] = [];
  for (const bet of effects.bets.values()) {
    const unit = service.loaded(bet.marketId);
    const data = { bet: betView(bet, unit ? namesOf(unit, bet) : undefined) };
    published.push(streams.publish('bet', bet.playerId, { seq: nextSeq(), data, key: bet.id }));
  }
  await Promise.all(published);
  service.marketUpdates.changed(new Set([...effects.markets, ...effects.marketStatus.keys()]));
}

/** Markets as `GET /api/markets/:id` shows them now, to their `market` topics. */
export async function publishMarkets(
  { streams, db }: PublishingExchange['deps'],
  marketIds: readonly string[],
): Promise<void> {
  for (const market of await readMarketsById(db, marketIds)) {
    await streams.publish('market', market.id, { seq: market.version, data: market });
  }
}
