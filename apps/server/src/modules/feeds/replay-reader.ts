import type { FeedLines } from './feed-run.ts';
import { readerThreads, type ReaderJob, type ReaderStart, type ReplayFile } from './reader-threads.ts';
import { ReplayLines, type ReplayLine, type ReplayPosition } from './replay-lines.ts';
import { fromWire, type ReplayEvent, type WireBatch } from './replay-wire.ts';

/** Lines a batch from the worker holds; the worker stays at most 32 batches ahead of the lines taken. */
const BATCH_LINES = 256;
const BATCHES_AHEAD = 32;

/**
 * A replay's lines as `ReplayLines` reads them, the same series from the same position, but read,
 * decompressed and parsed on a worker thread (docs/decisions/0314): the feed's thread only folds.
 * A market change comes over packed (one typed array a line); a parsed message would cost this
 * thread more to rebuild from its clone than to parse. The position stays the feed's, from the lines
 * taken: lines read ahead are dropped on close (a `peek` after it starts a job again from the line
 * after the last taken, as `ReplayLines` opens its file again), and a restart reads on from the last
 * line applied. The threads outlive their jobs (reader-threads.ts). Should a thread fail, the rest is
 * read on this thread from that line too.
 */
export class WorkerReplayLines implements FeedLines {
  #job: ReaderJob | null = null;
  /** Batches asked of the job and not yet received. */
  #asked = 0;
  #fallback: ReplayLines | null = null;
  #queue: ReplayEvent[] = [];
  #head = 0;
  #done = false;
  #closed = false;
  #arrived: (() => void) | null = null;
  #position: ReplayPosition;
  #fromWorker = false;

  constructor(
    private readonly files: readonly ReplayFile[],
    position: ReplayPosition,
    private readonly onUnreadable: (fileId: string, error: unknown) => void,
    private readonly sportsData = false,
  ) {
    this.#position = position;
  }

  /** True once a batch came from the worker thread, and no line since from this thread. */
  get readInWorker(): boolean {
    return this.#fromWorker && this.#fallback === null;
  }

  /** Lines received from the thread and not yet taken (tests). */
  get linesAhead(): number {
    return this.#queue.length - this.#head;
  }

  async peek(): Promise<ReplayLine | null> {
    this.#closed = false;
    for (;;) {
      if (this.#fallback) return this.#fallback.peek();
      const event = this.#queue[this.#head];
      if (event && 'line' in event) return event.line;
      if (event) {
        this.#head += 1;
        this.onUnreadable(event.fileId, event.message);
      } else if (this.#done || this.#closed) return null;
      else await this.#arrival();
    }
  }

  take(): ReplayLine {
    if (this.#fallback) return this.#fallback.take();
    const event = this.#queue[this.#head];
    if (!event || !('line' in event)) throw new Error('no line to take');
    this.#head += 1;
    this.#position = { fileIndex: event.line.fileIndex, lineNumber: event.line.lineNumber };
    this.#askAhead();
    return event.line;
  }

  /** Stops the job; a `peek` waiting for it answers null. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#endJob();
    this.#queue = [];
    this.#head = 0;
    this.#done = false;
    this.#wake();
    await this.#fallback?.close();
  }

  #arrival(): Promise<void> {
    const arrived = new Promise<void>((resolve) => (this.#arrived = resolve));
    if (!this.#job) this.#start();
    else this.#askAhead();
    // Kept alive while a line is awaited, not while the thread reads ahead of the feed.
    this.#job?.ref();
    return arrived;
  }

  #start(): void {
    const start: ReaderStart = {
      files: this.files,
      position: { fileIndex: this.#position.fileIndex, lineNumber: this.#position.lineNumber },
      sportsData: this.sportsData,
      batchLines: BATCH_LINES,
    };
    const job: ReaderJob = readerThreads.start(
      start,
      (batch) => {
        if (this.#job === job) this.#received(batch);
      },
      () => {
        if (this.#job === job) this.#readHere();
      },
    );
    this.#job = job;
    this.#asked = 0;
    this.#askAhead();
  }

  /**
   * Asks for another batch when the lines queued and asked for fall below BATCHES_AHEAD batches: the
   * thread reads ahead of the lines taken, not of the lines received, so a paced replay holds a few
   * batches, not its whole file.
   */
  #askAhead(): void {
    const job = this.#job;
    if (!job || this.#done) return;
    while (this.#queue.length - this.#head + this.#asked * BATCH_LINES < BATCHES_AHEAD * BATCH_LINES) {
      this.#asked += 1;
      job.credit(1);
    }
  }

  #received(batch: WireBatch): void {
    this.#fromWorker = true;
    // Taken lines are dropped once they are half the queue: a copy costs no more than the pushes since.
    if (this.#head > this.#queue.length / 2) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
    for (const event of fromWire(batch)) this.#queue.push(event);
    const done = batch.done;
    this.#done = done;
    this.#asked -= 1;
    // The last batch frees the thread for another replay.
    if (done) this.#endJob();
    else this.#askAhead();
    this.#wake();
  }

  #endJob(): void {
    this.#job?.end();
    this.#job = null;
  }

  /** The thread failed: the lines after the last taken are read on this thread instead. */
  #readHere(): void {
    this.#endJob();
    if (this.#closed || this.#fallback) return;
    this.#queue = [];
    this.#head = 0;
    this.#fallback = new ReplayLines(this.files, this.#position, this.onUnreadable, this.sportsData);
    this.#wake();
  }

  #wake(): void {
    this.#job?.unref();
    const arrived = this.#arrived;
    this.#arrived = null;
    arrived?.();
  }
}
