import type { Sql } from '../../../db/database.ts';
import type { Bus } from '../../../lib/bus.ts';
import type { LiveBooks } from '../catalogue/live-book.ts';
import type { MarketChange } from './messages.ts';
import { nextClock, RESUME_WINDOW_MS, type Clock } from './clocks.ts';
import { marketChange, type DataFilter } from './market-changes.ts';
import { changeSince, logChange, newMarketLog, type MarketLog } from './market-log.ts';
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
  /** The read a joining subscriber waits for: the first, or the one after the market was left. */
  pending: Promise<MarketState> | undefined;
  /** What changed when, for resubscriptions (set with the first state). */
  log: MarketLog | undefined;
  sinks: Set<MarketSink>;
  /** Undefined while nobody follows the market: its state and log are kept for the resume window. */
  unsubscribe: (() => void) | undefined;
  forget: NodeJS.Timeout | undefined;
  reading: boolean;
  again: boolean;
  /** Reads issued, and the latest whose state is held: an older read finishing later is dropped. */
  reads: number;
  applied: number;
};

/**
 * The markets this instance's stream connections follow: one bus subscription and one read per
 * announced change of a market, however many connections follow it; each connection gets the change
 * as its data filter shows it, computed once per distinct filter. Every instance hears every market's
 * announcements over the bus, so a connection sees changes committed anywhere. A market nobody follows
 * any more keeps its last state and log for the resume window (docs/decisions/0273), unsubscribed;
 * joined again, it is read and what changed meanwhile is logged, so a resubscription's delta holds it.
 */
export class MarketHub {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly deps: MarketHubDeps) {}

  /** Follows `infos` for `sink`; answers each market's state now, for the subscription's image. */
  async join(sink: MarketSink, infos: readonly MarketWithRunners[]): Promise<MarketState[]> {
    return Promise.all(
      infos.map(async (info) => {
        const known = this.#entries.get(info.row.id);
        const entry = !known ? this.#open(info) : known.unsubscribe ? known : this.#rejoin(known);
        entry.sinks.add(sink);
        return entry.pending ? await entry.pending : entry.state!;
      }),
    );
  }

  leave(sink: MarketSink, marketIds: Iterable<string>): void {
    for (const marketId of marketIds) {
      const entry = this.#entries.get(marketId);
      if (!entry || !entry.sinks.delete(sink) || entry.sinks.size > 0) continue;
      entry.unsubscribe?.();
      entry.unsubscribe = undefined;
      entry.forget = setTimeout(() => this.#drop(entry), RESUME_WINDOW_MS);
      entry.forget.unref();
    }
  }

  /** The market's row and runners, while this hub knows it (followed, or left within the window). */
  infoOf(marketId: string): MarketWithRunners | undefined {
    return this.#entries.get(marketId)?.info;
  }

  /** The market's state as its followers hold it now (the latest fanned out), if followed. */
  current(marketId: string): MarketState | undefined {
    const entry = this.#entries.get(marketId);
    return entry?.pending ? undefined : entry?.state;
  }

  /**
   * What `filter` shows of the market's changes after clock `after`, at today's values: null when none,
   * undefined when this hub does not know the market back to then (the caller sends its image).
   */
  changeSince(filter: DataFilter, marketId: string, after: Clock): MarketChange | null | undefined {
    const entry = this.#entries.get(marketId);
    if (!entry?.log || !entry.state || entry.pending) return undefined;
    return changeSince(filter, entry.log, entry.state, after);
  }

  /** Markets followed now (tests and metrics). */
  get size(): number {
    return [...this.#entries.values()].filter((entry) => entry.unsubscribe).length;
  }

  close(): void {
    for (const entry of this.#entries.values()) {
      entry.unsubscribe?.();
      clearTimeout(entry.forget);
    }
    this.#entries.clear();
  }

  #open(info: MarketWithRunners): Entry {
    const entry: Entry = {
      info,
      state: undefined,
      pending: undefined,
      log: undefined,
      sinks: new Set(),
      unsubscribe: () => {},
      forget: undefined,
      reading: true,
      again: false,
      reads: 0,
      applied: 0,
    };
    this.#entries.set(info.row.id, entry);
    // Subscribed before the first read, which reads the market as committed then (its status too,
    // not the subscription's earlier query of it), so a change committed before the subscription is in
    // the image, and one committed during or after the read is announced and read again after it.
    entry.unsubscribe = this.deps.bus.subscribe(this.deps.topicOf(info.row.id), () => this.#announced(entry));
    const read = ++entry.reads;
    entry.pending = this.#read(entry).then((state) => {
      entry.log = newMarketLog(nextClock(), state);
      entry.state = state;
      entry.applied = read;
      entry.pending = undefined;
      this.#settle(entry);
      return state;
    });
    // A failed first read drops the market; the subscriber's join fails with it.
    entry.pending.catch(() => this.#drop(entry));
    return entry;
  }

  /** Follows again a market left within the resume window: read now, what changed meanwhile logged. */
  #rejoin(entry: Entry): Entry {
    clearTimeout(entry.forget);
    entry.forget = undefined;
    entry.unsubscribe = this.deps.bus.subscribe(this.deps.topicOf(entry.info.row.id), () =>
      this.#announced(entry),
    );
    entry.reading = true;
    const read = ++entry.reads;
    entry.pending = this.#read(entry).then((state) => {
      this.#hold(entry, read, state);
      entry.pending = undefined;
      this.#settle(entry);
      return entry.state!;
    });
    entry.pending.catch(() => this.#drop(entry));
    return entry;
  }

  #drop(entry: Entry): void {
    entry.unsubscribe?.();
    clearTimeout(entry.forget);
    if (this.#entries.get(entry.info.row.id) === entry) this.#entries.delete(entry.info.row.id);
  }

  #announced(entry: Entry): void {
    if (!entry.unsubscribe) return;
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
      const read = ++entry.reads;
      const next = await this.#read(entry);
      const previous = entry.state;
      if (this.#hold(entry, read, next)) this.#fanOut(entry, previous, next);
    } finally {
      this.#settle(entry);
    }
  }

  /**
   * Takes a read's state unless a later read's is held already (a rejoin may read beside a refresh),
   * logging what changed at a clock before any message carrying it: a client holding a later clock has it.
   */
  #hold(entry: Entry, read: number, next: MarketState): boolean {
    if (read <= entry.applied) return false;
    entry.applied = read;
    if (entry.state && entry.log) logChange(entry.log, entry.state, next, nextClock());
    entry.state = next;
    return true;
  }

  /** Ends a read; a change announced during it is read now. */
  #settle(entry: Entry): void {
    entry.reading = false;
    if (!entry.again || !entry.unsubscribe || this.#entries.get(entry.info.row.id) !== entry) return;
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
