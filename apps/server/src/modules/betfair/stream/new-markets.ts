import type { Sql } from '../../../db/database.ts';
import type { Bus } from '../../../lib/bus.ts';
import { readExchangeMarketBfIds } from '../../sports/index.ts';
import { newMarketsOfFilter, type StreamMarketFilter } from './market-filter.ts';
import type { MarketWithRunners } from './market-state.ts';

/** A market subscription whose filter may select markets created after it was made. */
export type GrowingSubscription = {
  marketFilter: StreamMarketFilter;
  /** The new markets its filter selects (some may be known to it already). */
  added(infos: MarketWithRunners[]): void;
};

export type NewMarketsDeps = {
  sql: Sql;
  bus: Pick<Bus, 'subscribe'>;
  /** Where the portal announces markets that appeared, `{data: {created: ids}}` (0259). */
  topic: string;
  onError(error: unknown): void;
};

/**
 * New markets for the growing subscriptions of this instance (docs/decisions/0259): one bus
 * subscription while any follows, and per announcement one read of the new markets' numbers and one
 * query per distinct filter, restricted to those markets. Nothing is read per bet.
 */
export class NewMarkets {
  readonly #following = new Set<GrowingSubscription>();
  #unsubscribe: (() => void) | undefined;

  constructor(private readonly deps: NewMarketsDeps) {}

  /** Follows new markets for `subscription`; answers the function that stops it. */
  follow(subscription: GrowingSubscription): () => void {
    this.#following.add(subscription);
    this.#unsubscribe ??= this.deps.bus.subscribe(this.deps.topic, (message) => {
      const created = createdOf(message);
      if (created.length > 0) this.#resolve(created).catch(this.deps.onError);
    });
    return () => {
      this.#following.delete(subscription);
      if (this.#following.size > 0) return;
      this.#unsubscribe?.();
      this.#unsubscribe = undefined;
    };
  }

  close(): void {
    this.#following.clear();
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  async #resolve(marketIds: readonly string[]): Promise<void> {
    const bfIds = await readExchangeMarketBfIds(this.deps.sql, marketIds);
    if (bfIds.length === 0) return;
    const byFilter = new Map<string, GrowingSubscription[]>();
    for (const subscription of this.#following) {
      const key = subscription.marketFilter.key;
      byFilter.set(key, [...(byFilter.get(key) ?? []), subscription]);
    }
    for (const subscriptions of byFilter.values()) {
      const infos = await newMarketsOfFilter(this.deps.sql, subscriptions[0]!.marketFilter, bfIds);
      if (infos.length === 0) continue;
      for (const subscription of subscriptions)
        if (this.#following.has(subscription)) subscription.added(infos);
    }
  }
}

/** The ids of an announcement of new markets; none when the message is not one. */
function createdOf(message: string): string[] {
  try {
    const created = (JSON.parse(message) as { data?: { created?: unknown } } | null)?.data?.created;
    return Array.isArray(created) ? created.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
