import type { FeedError } from '@backlay/contracts';
import { MarketCache } from '@backlay/betfair-stream';
import type { FeedRow } from './feeds-repo.ts';
import { takeBatch, type FeedMemory, type TakenBatch } from './batch-take.ts';
import { writeBatch, type BatchWriteDeps, type WrittenBatch } from './batch-write.ts';
import type { FeedProgress } from './feeds-repo.ts';
import { applyLine, BatchChanges } from './line-apply.ts';
import type { FeedNames } from './names.ts';
import { ReplayPacing } from './pacing.ts';
import type { ReplayLine } from './replay-lines.ts';

/** Where a feed's lines come from: a replay's files, or a live stream (`live`: none now is not the end). */
export type FeedLines = {
  readonly live?: boolean;
  peek(): Promise<ReplayLine | null>;
  take(): ReplayLine;
  close(): Promise<void>;
  open?(clocks: { clk: string | null; initialClk: string | null }): void;
};

/**
 * Lines per batch at most, and wall time spent reading them (docs/decisions/0276): a replay behind its
 * schedule writes fewer, larger batches. Status changes stay prompt: a batch ends at a line bringing a
 * market definition.
 */
export const MAX_BATCH_LINES = 5_000;
export const MAX_BATCH_READ_MS = 50;
/** Errors a feed keeps (the newest). */
export const MAX_FEED_ERRORS = 100;

export type FeedRunDeps = BatchWriteDeps & {
  nowMs: () => number;
  /** A live stream's message arrived (or it failed): run the feed's next step soon. */
  wake(feedRun: FeedRun): void;
  /** After each committed batch: the changed source books and the runners removed now. */
  published(written: WrittenBatch): void;
};

/** How the last batch's write ended: kept, not thrown, until a step or command waits for it. */
type WriteOutcome = { ok: true } | { ok: false; error: unknown };

const outcomeOf = (write: Promise<void>): Promise<WriteOutcome> =>
  write.then(
    (): WriteOutcome => ({ ok: true }),
    (error: unknown): WriteOutcome => ({ ok: false, error }),
  );

/** What the replay does next: another batch at once, one in `ms`, or nothing until a command. */
export type NextStep = { inMs: number } | null;

/**
 * A replay as its unit holds it (docs/decisions/0270): the row's controls and counters, the market
 * cache, the names, the lines from the stored position and the pacing. `step` applies the lines due
 * now as one batch and says when the next is due.
 */
export class FeedRun {
  readonly memory: FeedMemory;
  readonly pacing: ReplayPacing;
  timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly deps: FeedRunDeps,
    readonly row: FeedRow,
    names: FeedNames,
    mapped: FeedMemory['mapped'],
    private readonly lines: FeedLines,
  ) {
    this.memory = {
      feedId: row.id,
      settleFrom: row.settleFrom,
      cache: row.cache ? MarketCache.restore(row.cache) : new MarketCache(),
      names,
      mapped,
      removed: new Set(),
      live: lines.live === true,
    };
    this.pacing = new ReplayPacing(row.speed, row.maxGapMs, deps.nowMs);
  }

  get ended(): boolean {
    return this.row.state === 'finished' || this.row.state === 'stopped' || this.row.state === 'failed';
  }

  /** Why a live stream gave up, until a step records it. */
  failure: string | null = null;

  /**
   * The last batch's write while the next batch is read (docs/decisions/0280), as an outcome that
   * never rejects: a failure waits, unhandled by no one, for the next step or command to throw it.
   */
  #pending: Promise<WriteOutcome> | null = null;

  /**
   * Reads and folds the lines due now as one batch while the last batch commits, then waits for that
   * commit and starts this batch's write. The write is left running when another step is due, and
   * waited for when none is (finished, paused, idle), so nothing is left uncommitted between commands.
   */
  async step(): Promise<NextStep> {
    if (this.row.state !== 'running') {
      await this.settle();
      return null;
    }
    if (this.failure !== null) {
      await this.settle();
      return this.#fail(this.failure);
    }
    const { batch, taken, next } = await this.#read();
    await this.settle();
    if (taken === 0 && this.row.state === 'running') return next;
    this.#pending = outcomeOf(this.#write(batch));
    if (next === null) await this.settle();
    return next;
  }

  /**
   * Waits for the batch still being written, if any; throws its error when it failed, so the unit
   * reloads the feed from its last committed batch. Every command waits here before it changes the row.
   */
  async settle(): Promise<void> {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = null;
    const outcome = await pending;
    if (!outcome.ok) throw outcome.error;
  }

  async #read(): Promise<{ batch: BatchChanges; taken: number; next: NextStep }> {
    const batch = new BatchChanges();
    const started = performance.now();
    let next: NextStep = { inMs: 0 };
    let taken = 0;
    while (taken < MAX_BATCH_LINES && performance.now() - started < MAX_BATCH_READ_MS) {
      const line = await this.lines.peek();
      if (!line) {
        // A stream's next message wakes the feed; a replay at its last line is done.
        if (!this.lines.live) this.row.state = 'finished';
        next = null;
        break;
      }
      if (line.pt !== null && this.row.untilPt !== null && line.pt > this.row.untilPt) {
        this.row.state = 'paused';
        this.row.untilPt = null;
        next = null;
        break;
      }
      const dueAtMs = line.pt === null || this.lines.live ? this.deps.nowMs() : this.pacing.dueAtMs(line.pt);
      const waitMs = dueAtMs - this.deps.nowMs();
      if (waitMs > 0) {
        next = { inMs: waitMs };
        break;
      }
      this.lines.take();
      if (line.pt !== null) this.pacing.applied(line.pt, dueAtMs);
      const definitions = batch.definitions.size;
      applyLine(this.memory.cache, this.memory.names, line, batch, dueAtMs);
      if (!line.sportsData) {
        this.row.fileIndex = line.fileIndex;
        this.row.lineNumber = line.lineNumber;
      }
      taken += 1;
      if (batch.definitions.size > definitions) break;
    }
    return { batch, taken, next };
  }

  /** Takes the batch from memory at once (the next batch folds into it meanwhile), then writes it. */
  #write(batch: BatchChanges): Promise<void> {
    const taken = takeBatch(this.deps.terms, this.memory, batch, this.#progress(batch));
    return this.#commitAndPublish(taken);
  }

  async #commitAndPublish(taken: TakenBatch): Promise<void> {
    const written = await this.commit(taken);
    for (const runner of written.removed) this.memory.removed.add(`${runner.marketId} ${runner.runnerId}`);
    this.deps.published(written);
  }

  /** One batch's transaction; a test stands in for it to hold a commit open. */
  protected commit(taken: TakenBatch): Promise<WrittenBatch> {
    return writeBatch(this.deps, taken);
  }

  /** The row's counters after the batch, and the position, counters and cache it writes. */
  #progress(batch: BatchChanges): FeedProgress {
    const row = this.row;
    row.applied += batch.applied;
    row.skipped += batch.skipped;
    if (batch.errors.length > 0) row.errors = [...row.errors, ...batch.errors].slice(-MAX_FEED_ERRORS);
    if (batch.lastPt !== null) row.lastPt = batch.lastPt;
    const live = this.lines.live && row.lastPt !== null;
    row.lagMs = Math.round(live ? Math.max(0, this.deps.nowMs() - row.lastPt!) : this.pacing.lagMs());
    return {
      state: row.state,
      untilPt: row.untilPt,
      fileIndex: row.fileIndex,
      lineNumber: row.lineNumber,
      clk: this.memory.cache.clk,
      applied: row.applied,
      skipped: row.skipped,
      errors: row.errors,
      lastPt: row.lastPt,
      lagMs: row.lagMs,
      cache: this.memory.cache.snapshotTouched(),
    };
  }

  /** The source follows the feed's state: a live stream is connected only while the feed runs. */
  async followState(): Promise<void> {
    if (!this.lines.live) return;
    const cache = this.memory.cache;
    if (this.row.state === 'running') this.lines.open?.({ clk: cache.clk, initialClk: cache.initialClk });
    else await this.lines.close();
  }

  async #fail(detail: string): Promise<NextStep> {
    this.row.state = 'failed';
    this.noteError({ message: detail.slice(0, 500) });
    await this.#write(new BatchChanges());
    await this.lines.close();
    return null;
  }

  /** A file the replay could not read: noted, and the replay goes on with the next. */
  noteError(error: FeedError): void {
    this.row.errors = [...this.row.errors, error].slice(-MAX_FEED_ERRORS);
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // A failed write is surfaced by the step or command that waits for it; closing only lets it end.
    await this.settle().catch(() => {});
    await this.lines.close();
  }
}
