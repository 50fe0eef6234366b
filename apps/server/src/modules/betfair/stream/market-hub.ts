import type { Sql } from '../../../db/database.ts';
import type { Bus } from '../../../lib/bus.ts';
import type { LiveBooks } from '../catalogue/live-book.ts';
import { marketChange, type DataFilter } from './market-changes.ts';
import { readMarketState, type MarketState, type MarketWithRunners } from './market-state.ts';

/**
 * A subscription's interest in markets: what it shows of them, and where their changes go, each as
 * its `mc` entry's JSON (written once per distinct filter, however many subscriptions share it), or,
 * for a conflating subscription, as the states it merges itself.
 */
export type MarketSink = {
  filter: DataFilter;
  changed(changeJson: string): void;
  states?(previous: MarketState, next: MarketState): void;
};

export type MarketHubDeps = {
  sql: Sql;
  bus: Pick<Bus, 'subscribe'>;
  live: LiveBooks | undefined;
  /** The bus topic the exchange and the feed announce a market's committed changes on. */
  topicOf(marketId: string): string;
  onError(error: unknown): void;
};

type Entry = {
  info: MarketWithRunners;
  state: MarketState | undefined;
  /** The first read, until it settles. */
  first: Promise<MarketState> | undefined;
  sinks: Set<MarketSink>;
  unsubscribe: () => void;
  reading: boolean;
  again: boolean;
};

/**
 * The markets this instance's stream connections follow: one bus subscription and one read per
 * announced change of a market, however many connections follow it; each connection gets the change
 * as its data filter shows it, computed once per distinct filter. Every instance hears every market's
 * announcements over the bus, so a connection sees changes committed anywhere.
 */
export class MarketHub {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly deps: MarketHubDeps) {}

  /** Follows `infos` for `sink`; answers each market's state now, for the subscription's image. */
  async join(sink: MarketSink, infos: readonly MarketWithRunners[]): Promise<MarketState[]> {
    return Promise.all(
      infos.map(async (info) => {
        const entry = this.#entries.get(info.row.id) ?? this.#open(info);
        entry.sinks.add(sink);
        return entry.state ?? (await entry.first!);
      }),
    );
  }

  leave(sink: MarketSink, marketIds: Iterable<string>): void {
    for (const marketId of marketIds) {
      const entry = this.#entries.get(marketId);
      if (!entry || !entry.sinks.delete(sink) || entry.sinks.size > 0) continue;
      entry.unsubscribe();
      this.#entries.delete(marketId);
    }
  }

  /** Markets followed now (tests and metrics). */
  get size(): number {
    return this.#entries.size;
  }

  close(): void {
    for (const entry of this.#entries.values()) entry.unsubscribe();
    this.#entries.clear();
  }

  #open(info: MarketWithRunners): Entry {
    const entry: Entry = {
      info,
      state: undefined,
      first: undefined,
      sinks: new Set(),
      unsubscribe: () => {},
      reading: true,
      again: false,
    };
    this.#entries.set(info.row.id, entry);
    // Subscribed before the first read, which reads the market as committed then (its status too,
    // not the subscription's earlier query of it), so a change committed before the subscription is in
    // the image, and one committed during or after the read is announced and read again after it.
    entry.unsubscribe = this.deps.bus.subscribe(this.deps.topicOf(info.row.id), () => this.#announced(entry));
    entry.first = this.#read(entry).then((state) => {
      entry.state = state;
      this.#settle(entry);
      return state;
    });
    // A failed first read drops the market; the subscriber's join fails with it.
    entry.first.catch(() => this.#drop(entry));
    return entry;
  }

  #drop(entry: Entry): void {
    entry.unsubscribe();
    if (this.#entries.get(entry.info.row.id) === entry) this.#entries.delete(entry.info.row.id);
  }

  #announced(entry: Entry): void {
    if (entry.reading) {
      entry.again = true;
      return;
    }
    entry.reading = true;
    this.#refresh(entry).catch(this.deps.onError);
  }

  #read(entry: Entry): Promise<MarketState> {
    return readMarketState(this.deps.sql, this.deps.live, entry.info);
  }

  async #refresh(entry: Entry): Promise<void> {
    try {
      const next = await this.#read(entry);
      const previous = entry.state;
      entry.state = next;
      this.#fanOut(entry, previous, next);
    } finally {
      this.#settle(entry);
    }
  }

  /** Ends a read; a change announced during it is read now. */
  #settle(entry: Entry): void {
    entry.reading = false;
    if (!entry.again || this.#entries.get(entry.info.row.id) !== entry) return;
    entry.again = false;
    entry.reading = true;
    this.#refresh(entry).catch(this.deps.onError);
  }

  #fanOut(entry: Entry, previous: MarketState | undefined, next: MarketState): void {
    const byFilter = new Map<string, string | null>();
    for (const sink of entry.sinks) {
      if (sink.states) {
        sink.states(previous ?? next, next);
        continue;
      }
      let json = byFilter.get(sink.filter.key);
      if (json === undefined) {
        const change = marketChange(sink.filter, previous ?? next, next);
        json = change && JSON.stringify(change);
        byFilter.set(sink.filter.key, json);
      }
      if (json) sink.changed(json);
    }
  }
}
