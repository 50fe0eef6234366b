import { marketChange, type DataFilter } from './market-changes.ts';
import type { MarketState } from './market-state.ts';
import type { MarketChange } from './messages.ts';

type Pending = { base: MarketState; latest: MarketState; changes: number };

/**
 * A subscription's `conflateMs` (docs/decisions/0258): its markets' changes are held and sent at most
 * once per period as one message, each market's entry what changed from the state last sent to the
 * latest (Betfair's merge: the latest size of every price level that moved). `con` marks a message in
 * which some market's entry merged more than one change.
 */
export class Conflation {
  readonly #pending = new Map<string, Pending>();
  #timer: NodeJS.Timeout | undefined;
  #lastFlushMs = 0;
  #running = false;

  constructor(
    private readonly periodMs: number,
    private readonly filter: DataFilter,
    private readonly send: (mc: MarketChange[], con: boolean) => void,
  ) {}

  /** A market moved from `previous` to `next`; held until the next flush. */
  changed(previous: MarketState, next: MarketState): void {
    const pending = this.#pending.get(next.marketId);
    if (pending) {
      pending.latest = next;
      pending.changes += 1;
    } else this.#pending.set(next.marketId, { base: previous, latest: next, changes: 1 });
    this.#schedule();
  }

  /** Changes wait for the next flush: a message sent meanwhile must not claim a later clock (0273). */
  get holding(): boolean {
    return this.#pending.size > 0;
  }

  /** Starts flushing once the image went out: changes held before it follow one period after it. */
  start(): void {
    this.#running = true;
    this.#lastFlushMs = Date.now();
    this.#schedule();
  }

  stop(): void {
    this.#running = false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pending.clear();
  }

  #schedule(): void {
    if (!this.#running || this.#timer || this.#pending.size === 0) return;
    const wait = Math.max(0, this.#lastFlushMs + this.periodMs - Date.now());
    this.#timer = setTimeout(() => this.#flush(), wait);
    this.#timer.unref();
  }

  #flush(): void {
    this.#timer = undefined;
    this.#lastFlushMs = Date.now();
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    const mc = pending.flatMap(({ base, latest }): MarketChange[] => {
      const change = marketChange(this.filter, base, latest);
      return change ? [change] : [];
    });
    if (mc.length > 0)
      this.send(
        mc,
        pending.some((one) => one.changes > 1),
      );
  }
}
