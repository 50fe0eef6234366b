import type { Sql } from '../../../db/database.ts';
import type { Bus } from '../../../lib/bus.ts';
import { orderChanges, readCurrentOrders, readMatches, readOrder } from './order-changes.ts';

export type OrderFeedDeps = {
  sql: Sql;
  bus: Pick<Bus, 'subscribe'>;
  /** The bus topic of a player's bet changes (the portal's `bet` stream topic). */
  betTopicOf(playerId: string): string;
  onError(error: unknown): void;
};

/** The bet id a `bet` topic update names; undefined for a snapshot or anything else. */
function betIdOf(message: string): string | undefined {
  try {
    const update = JSON.parse(message) as { data?: { bet?: { id?: unknown } } } | null;
    const id = update?.data?.bet?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One order subscription: the player's current orders as an image, then every change of one of their
 * orders as that order in full with its runner's matches. Changes are read in the order announced, so
 * the client never sees an older state of an order after a newer one.
 */
export class OrderFeed {
  #chain: Promise<void> = Promise.resolve();
  #unsubscribe: (() => void) | undefined;
  #release: () => void = () => {};

  constructor(
    private readonly deps: OrderFeedDeps,
    private readonly playerId: string,
    private readonly send: (oc: Record<string, unknown>[]) => void,
  ) {}

  /**
   * Subscribes first, then reads the image, so a change committed during the read still follows it;
   * changes wait until the caller has sent the image and calls `imageSent`.
   */
  async start(): Promise<Record<string, unknown>[]> {
    this.#chain = new Promise<void>((resolve) => (this.#release = resolve));
    this.#unsubscribe = this.deps.bus.subscribe(this.deps.betTopicOf(this.playerId), (message) => {
      const betId = betIdOf(message);
      if (betId) this.#chain = this.#chain.then(() => this.#changed(betId)).catch(this.deps.onError);
    });
    const [rows, matches] = await Promise.all([
      readCurrentOrders(this.deps.sql, this.playerId),
      readMatches(this.deps.sql, this.playerId),
    ]);
    return orderChanges(rows, matches, true);
  }

  imageSent(): void {
    this.#release();
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#release();
  }

  async #changed(betId: string): Promise<void> {
    if (!this.#unsubscribe) return;
    const [row] = await readOrder(this.deps.sql, this.playerId, betId);
    if (!row || !this.#unsubscribe) return;
    const matches = await readMatches(this.deps.sql, this.playerId, {
      marketBf: row.market_bf,
      selectionId: row.selection_id,
    });
    this.send(orderChanges([row], matches, false));
  }
}
