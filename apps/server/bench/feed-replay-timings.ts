import { MarketCache } from '@backlay/betfair-stream';
import type { ExchangeService } from '../src/modules/exchange/index.ts';

export const now = () => performance.timeOrigin + performance.now();

/**
 * When each replayed line was applied (the cache's fold of its message) and when the house re-quote
 * carrying it finished, taken by wrapping the cache's `apply` and the exchange's `mirrorSource` and
 * `run` of this process: nothing in the server is changed for the bench.
 */
export class ReplayTimings {
  /** Publish time and wall time of each line applied since the last `reset`. */
  readonly pts: number[] = [];
  readonly appliedAt: number[] = [];
  /** Line → re-quote latencies (ms): each line counts once, at the first re-quote that carried it. */
  readonly requoteMs: number[] = [];
  /** Batches that published a book (one `mirrorSource` each: one market). */
  batches = 0;
  #requotedUpTo = 0;

  reset(): void {
    this.pts.length = 0;
    this.appliedAt.length = 0;
    this.requoteMs.length = 0;
    this.batches = 0;
    this.#requotedUpTo = 0;
  }

  install(exchange: Pick<ExchangeService, 'mirrorSource' | 'run'>): void {
    const { pts, appliedAt } = this;
    const apply = MarketCache.prototype.apply;
    MarketCache.prototype.apply = function (this: MarketCache, message, options) {
      const result = apply.call(this, message, options);
      const pt = (message as { pt?: unknown }).pt;
      if (typeof pt === 'number') {
        pts.push(pt);
        appliedAt.push(now());
      }
      return result;
    };
    /** The lines applied when each book was offered: the re-quote of that book carries them all. */
    const offered = new WeakMap<object, number>();
    const mirrorSource = exchange.mirrorSource.bind(exchange);
    exchange.mirrorSource = (marketId, book) => {
      this.batches += 1;
      offered.set(book, this.appliedAt.length);
      return mirrorSource(marketId, book);
    };
    const run = exchange.run.bind(exchange) as ExchangeService['run'];
    exchange.run = ((marketId, command) => {
      const done = run(marketId, command);
      const upTo = command.type === 'mirror' ? offered.get(command.book) : undefined;
      if (upTo !== undefined) void done.then(() => this.#requoted(upTo, now()));
      return done;
    }) as ExchangeService['run'];
  }

  #requoted(upTo: number, at: number): void {
    // A re-quote of the run before the last reset finishing late carries none of this run's lines.
    if (upTo > this.appliedAt.length) return;
    for (let line = this.#requotedUpTo; line < upTo; line += 1)
      this.requoteMs.push(at - this.appliedAt[line]!);
    this.#requotedUpTo = Math.max(this.#requotedUpTo, upTo);
  }

  /**
   * Line → socket latencies (ms) from each socket's source frames (seq = the book's publish time): a
   * line reaches a socket with its first frame of a seq at or past the line's. Every `every`-th line
   * is counted at every socket; `missed` counts the pairs no frame reached.
   */
  socketLatencies(frames: readonly (readonly [number, number][])[], every: number) {
    const latenciesMs: number[] = [];
    let missed = 0;
    for (const socket of frames) {
      let frame = 0;
      for (let line = 0; line < this.pts.length; line += every) {
        while (frame < socket.length && socket[frame]![0] < this.pts[line]!) frame += 1;
        if (frame === socket.length) missed += 1;
        else latenciesMs.push(socket[frame]![1] - this.appliedAt[line]!);
      }
    }
    return { latenciesMs, missed };
  }
}
