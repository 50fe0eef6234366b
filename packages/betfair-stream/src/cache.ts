import { show } from './checks.ts';
import {
  applyMarketChange,
  emptyMarketState,
  restoreMarket,
  snapshotMarket,
  sourceMarketOf,
  type MarketSnapshot,
  type MarketState,
} from './market-state.ts';
import { foldPacked, PackedMarketChange } from './packed.ts';
import { isMarketChangeMessage } from './parse.ts';
import type { MarketChange, McmMessage, SourceMarket, StreamMessage } from './types.ts';

export interface ApplyResult {
  /** Market ids whose book or definition changed. */
  changed: string[];
  /** Market ids that got a (new) definition. */
  definitions: string[];
  /** Human-readable reasons for dropped parts, e.g. 'atb price 1.015 is off the ladder (market 1.2, runner 3)'. */
  skipped: string[];
}

export interface ApplyOptions {
  /** Fold only these markets; changes for others are ignored (not reported). */
  marketIds?: ReadonlySet<string>;
}

/** JSON-serialisable state of a cache, for resuming after a restart. */
export interface CacheSnapshot {
  version: 1;
  clk: string | null;
  initialClk: string | null;
  lastPt: number | null;
  markets: MarketSnapshot[];
}

/** One line of bad input must not produce an unbounded list of reasons. */
const MAX_SKIPPED_REASONS = 100;

/**
 * Folds Exchange Stream market changes (`mcm`) into books. Other operations are ignored, and so is
 * every part of a message that fails its checks (reported in `skipped`), never the whole message.
 */
export class MarketCache {
  #markets = new Map<string, MarketState>();
  #clk: string | null = null;
  #initialClk: string | null = null;
  #lastPt: number | null = null;
  /** Markets a message addressed since the last `snapshotTouched`. */
  #touched = new Set<string>();

  /** Folds a parsed message, or a packed one (`parseLineToFold`), which folds the same, only faster. */
  apply(message: StreamMessage | PackedMarketChange, options?: ApplyOptions): ApplyResult {
    const result: ApplyResult = { changed: [], definitions: [], skipped: [] };
    if (message instanceof PackedMarketChange) return this.#applyPacked(message, options, result);
    if (!isMarketChangeMessage(message)) return result;
    this.#keepClocks(message);
    const changes = message.mc;
    if (changes === undefined || changes === null) return result;
    let overflow = 0;
    const report = (problem: string): void => {
      if (result.skipped.length < MAX_SKIPPED_REASONS) result.skipped.push(problem);
      else overflow += 1;
    };
    // parseLine insists on a numeric pt; a message built elsewhere without one takes the stream's last.
    const pt = Number.isFinite(message.pt) ? message.pt : (this.#lastPt ?? 0);
    if (!Array.isArray(changes)) report(`mc ${show(changes)} is not a list`);
    else {
      for (const change of changes as unknown[]) this.#applyChange(change, pt, options, result, report);
    }
    if (overflow > 0) result.skipped.push(`… and ${overflow} more`);
    return result;
  }

  #applyPacked(
    message: PackedMarketChange,
    options: ApplyOptions | undefined,
    result: ApplyResult,
  ): ApplyResult {
    this.#keepClocks(message);
    if (!message.hasChanges) return result;
    const stateOf = (id: string): MarketState | null => {
      if (options?.marketIds !== undefined && !options.marketIds.has(id)) return null;
      return this.#stateOf(id, message.pt);
    };
    foldPacked(message, stateOf, ({ id, changed, gotDefinition }) => {
      if (changed && !result.changed.includes(id)) result.changed.push(id);
      if (gotDefinition && !result.definitions.includes(id)) result.definitions.push(id);
    });
    return result;
  }

  /** The market's state, made empty when new; the market counts as touched. */
  #stateOf(id: string, pt: number): MarketState {
    this.#touched.add(id);
    let state = this.#markets.get(id);
    if (state === undefined) {
      state = emptyMarketState(id, pt);
      this.#markets.set(id, state);
    }
    return state;
  }

  #keepClocks(message: Pick<McmMessage, 'clk' | 'initialClk' | 'pt'>): void {
    if (typeof message.clk === 'string') this.#clk = message.clk;
    if (typeof message.initialClk === 'string') this.#initialClk = message.initialClk;
    if (typeof message.pt === 'number' && Number.isFinite(message.pt)) this.#lastPt = message.pt;
  }

  #applyChange(
    change: unknown,
    pt: number,
    options: ApplyOptions | undefined,
    result: ApplyResult,
    report: (problem: string) => void,
  ): void {
    const id = (change as { id?: unknown } | null)?.id;
    if (typeof change !== 'object' || change === null || typeof id !== 'string') {
      report(`market change ${show(change)} has no market id`);
      return;
    }
    if (options?.marketIds !== undefined && !options.marketIds.has(id)) return;
    const state = this.#stateOf(id, pt);
    const fold = applyMarketChange(state, change as MarketChange, pt, report);
    if (fold.changed && !result.changed.includes(id)) result.changed.push(id);
    if (fold.gotDefinition && !result.definitions.includes(id)) result.definitions.push(id);
  }

  market(id: string): SourceMarket | undefined {
    const state = this.#markets.get(id);
    return state === undefined ? undefined : sourceMarketOf(state);
  }

  marketIds(): string[] {
    return [...this.#markets.keys()];
  }

  /** The stream clock of the last message that carried one: resubscribe with it to get deltas. */
  get clk(): string | null {
    return this.#clk;
  }

  get initialClk(): string | null {
    return this.#initialClk;
  }

  /** Publish time (ms) of the last market change message, heartbeats included. */
  get lastPt(): number | null {
    return this.#lastPt;
  }

  snapshot(): CacheSnapshot {
    return {
      version: 1,
      clk: this.#clk,
      initialClk: this.#initialClk,
      lastPt: this.#lastPt,
      markets: Array.from(this.#markets.values(), snapshotMarket),
    };
  }

  /**
   * The snapshot's clocks with only the markets messages addressed since the last call (all of them
   * the first time): what a caller keeping one row per market writes after each batch. A snapshot's
   * markets laid over an older one's by id restore the same cache.
   */
  snapshotTouched(): CacheSnapshot {
    const markets: MarketSnapshot[] = [];
    for (const id of this.#touched) {
      const state = this.#markets.get(id);
      if (state !== undefined) markets.push(snapshotMarket(state));
    }
    this.#touched.clear();
    return { version: 1, clk: this.#clk, initialClk: this.#initialClk, lastPt: this.#lastPt, markets };
  }

  static restore(snapshot: CacheSnapshot): MarketCache {
    if (snapshot.version !== 1)
      throw new TypeError(`cache snapshot version ${String(snapshot.version)} is unknown`);
    const cache = new MarketCache();
    cache.#clk = snapshot.clk;
    cache.#initialClk = snapshot.initialClk;
    cache.#lastPt = snapshot.lastPt;
    for (const market of snapshot.markets) cache.#markets.set(market.id, restoreMarket(market));
    return cache;
  }
}
