import type { Sql } from '../../../db/database.ts';
import type { Bus } from '../../../lib/bus.ts';
import { bfMarketId } from '../ids.ts';
import {
  orderChanges,
  readCurrentOrders,
  readMarketIdsOfBf,
  readMatches,
  readOrder,
  readStrategyMatches,
  type Matches,
} from './order-changes.ts';
import { ALL_ORDERS, type OrderFilter } from './order-request.ts';
import type { OrderRow } from '../orders/order-rows.ts';
import type { OrderMarketChange } from './messages.ts';

export type OrderFeedDeps = {
  sql: Sql;
  bus: Pick<Bus, 'subscribe'>;
  /** The bus topic of a player's bet changes (the portal's `bet` stream topic). */
  betTopicOf(playerId: string): string;
  /** The bus topic of a market's changes (the portal's `market` stream topic). */
  marketTopicOf(marketId: string): string;
  onError(error: unknown): void;
};

/** The bet (and its market) a `bet` topic update names; undefined for a snapshot or anything else. */
function betOf(message: string): { betId: string; marketId: string | undefined } | undefined {
  try {
    const update = JSON.parse(message) as { data?: { bet?: { id?: unknown; marketId?: unknown } } } | null;
    const bet = update?.data?.bet;
    if (typeof bet?.id !== 'string') return undefined;
    return { betId: bet.id, marketId: typeof bet.marketId === 'string' ? bet.marketId : undefined };
  } catch {
    return undefined;
  }
}

/** Whether a `market` topic update shows the market paid out: settled on a result, or void. */
function paidOut(message: string): boolean {
  try {
    const update = JSON.parse(message) as { data?: { status?: unknown } } | null;
    return update?.data?.status === 'SETTLED' || update?.data?.status === 'VOID';
  } catch {
    return false;
  }
}

/**
 * One order subscription: the player's current orders as an image, then every change of one of their
 * orders as that order in full with its runner's matches. Changes are read in the order announced, so
 * the client never sees an older state of an order after a newer one. Each market it has shown is
 * followed until it settles or is voided; then its `oc` goes once with `closed: true`, after the
 * settled bets (the exchange announces them before the market), and nothing of it follows.
 */
export class OrderFeed {
  #chain: Promise<void> = Promise.resolve();
  #unsubscribe: (() => void) | undefined;
  #release: () => void = () => {};
  /** The markets shown and not yet closed, by our id: their Betfair number and bus subscription. */
  readonly #markets = new Map<string, { bf: string; unsubscribe: () => void }>();
  /** Betfair numbers of the markets closed on this feed. */
  readonly #closed = new Set<string>();

  constructor(
    private readonly deps: OrderFeedDeps,
    private readonly playerId: string,
    private readonly send: (oc: OrderMarketChange[]) => void,
    private readonly filter: OrderFilter = ALL_ORDERS,
  ) {}

  /**
   * Subscribes first, then reads the image, so a change committed during the read still follows it;
   * changes wait until the caller has sent the image and calls `imageSent`.
   */
  async start(): Promise<OrderMarketChange[]> {
    // Another account's orders are not the caller's to see: nothing is followed or sent.
    if (!this.filter.ownAccount) return [];
    this.#chain = new Promise<void>((resolve) => (this.#release = resolve));
    this.#unsubscribe = this.deps.bus.subscribe(this.deps.betTopicOf(this.playerId), (message) => {
      const bet = betOf(message);
      if (bet) this.#enqueue(() => this.#changed(bet.betId, bet.marketId));
    });
    const [rows, { matches, strategies }] = await Promise.all([
      readCurrentOrders(this.deps.sql, this.playerId),
      this.#matches(),
    ]);
    const shown = rows.filter((row) => this.#selects(row));
    const bfs = [
      ...shown.map((row) => row.market_bf),
      ...[...matches.keys(), ...(strategies?.keys() ?? [])].map((key) => key.split('/')[0]!),
    ];
    for (const [bf, marketId] of await readMarketIdsOfBf(this.deps.sql, bfs)) this.#follow(marketId, bf);
    return orderChanges(shown, matches, true, strategies);
  }

  /** Whether the filter's strategies (customerStrategyRefs) take the order. */
  #selects(row: OrderRow): boolean {
    const refs = this.filter.strategyRefs;
    return !refs || (row.customer_strategy_ref !== null && refs.has(row.customer_strategy_ref));
  }

  /**
   * The overall matches unless includeOverallPosition is false (customerStrategyRefs leaves them whole,
   * as Betfair's note says), and by strategy with partitionMatchedByStrategyRef, those of the filter's.
   */
  async #matches(only?: { marketBf: string; selectionId: string }): Promise<{
    matches: Map<string, Matches>;
    strategies: Map<string, Map<string, Matches>> | undefined;
  }> {
    const { sql } = this.deps;
    const [matches, strategies] = await Promise.all([
      this.filter.overallPosition ? readMatches(sql, this.playerId, only) : new Map<string, Matches>(),
      this.filter.partitionByStrategy ? readStrategyMatches(sql, this.playerId, only) : undefined,
    ]);
    const refs = this.filter.strategyRefs;
    if (strategies && refs)
      for (const [key, byRef] of strategies) {
        for (const ref of byRef.keys()) if (!refs.has(ref)) byRef.delete(ref);
        if (byRef.size === 0) strategies.delete(key);
      }
    return { matches, strategies };
  }

  imageSent(): void {
    this.#release();
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    for (const market of this.#markets.values()) market.unsubscribe();
    this.#markets.clear();
    this.#release();
  }

  #enqueue(work: () => Promise<void>): void {
    this.#chain = this.#chain.then(work).catch(this.deps.onError);
  }

  /** Follows a market the feed shows, once, until it is closed. */
  #follow(marketId: string, bf: string): void {
    if (!this.#unsubscribe || this.#markets.has(marketId) || this.#closed.has(bf)) return;
    const unsubscribe = this.deps.bus.subscribe(this.deps.marketTopicOf(marketId), (message) => {
      if (paidOut(message)) this.#enqueue(async () => this.#close(marketId));
    });
    this.#markets.set(marketId, { bf, unsubscribe });
  }

  #close(marketId: string): void {
    const market = this.#markets.get(marketId);
    if (!market || !this.#unsubscribe) return;
    market.unsubscribe();
    this.#markets.delete(marketId);
    this.#closed.add(market.bf);
    this.send([{ id: bfMarketId(market.bf), closed: true }]);
  }

  async #changed(betId: string, marketId: string | undefined): Promise<void> {
    if (!this.#unsubscribe) return;
    const [row] = await readOrder(this.deps.sql, this.playerId, betId);
    // A closed market's cache may be gone on the client: a later change (a re-settlement) is not sent.
    if (!row || !this.#unsubscribe || this.#closed.has(row.market_bf) || !this.#selects(row)) return;
    if (marketId) this.#follow(marketId, row.market_bf);
    const { matches, strategies } = await this.#matches({
      marketBf: row.market_bf,
      selectionId: row.selection_id,
    });
    this.send(orderChanges([row], matches, false, strategies));
  }
}
