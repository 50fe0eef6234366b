import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { ReplayPosition } from './replay-lines.ts';
import type { WireBatch } from './replay-wire.ts';

/** A replay's file as its reader opens it. */
export type ReplayFile = { id: string; path: string };

/** What a reading job is started with on its thread. */
export type ReaderStart = {
  files: readonly ReplayFile[];
  position: ReplayPosition;
  sportsData: boolean;
  batchLines: number;
};

/** A job's end on this thread: credits for batches, and keeping the process alive while awaited. */
export type ReaderJob = {
  credit(batches: number): void;
  ref(): void;
  unref(): void;
  /** Stops the job (its thread drops what it read ahead) and frees the thread for the next one. */
  end(): void;
};

type Thread = { worker: Worker; job: { port: MessagePort; failed: () => void } | null };

/** Threads kept idle for the next replay: a thread's start costs about half a second of CPU. */
const MAX_IDLE = 2;

/**
 * The replay reader's worker threads (docs/decisions/0324), kept across replays, pauses and resumes:
 * starting one (a fresh isolate that loads and compiles the reader) took 0.5–0.7 s, and a replay's
 * resume waited for it. A thread runs one job at a time (its lines' numbers share one block); a job
 * talks over a channel of its own, so a batch of an ended job never reaches the next.
 */
class ReaderThreads {
  readonly #idle: Thread[] = [];
  readonly #all = new Set<Thread>();

  /** Threads alive now, busy or idle (tests). */
  get size(): number {
    return this.#all.size;
  }

  start(start: ReaderStart, onBatch: (batch: WireBatch) => void, onFailed: () => void): ReaderJob {
    const thread = this.#idle.pop() ?? this.#spawn();
    const { port1: port, port2: theirs } = new MessageChannel();
    port.on('message', onBatch);
    thread.job = { port, failed: onFailed };
    thread.worker.postMessage({ start, port: theirs }, [theirs]);
    return {
      credit: (batches) => port.postMessage(batches),
      ref: () => port.ref(),
      unref: () => port.unref(),
      end: () => {
        port.close();
        // Once only, and not for a thread lost meanwhile: it holds this job no more.
        if (thread.job?.port === port) this.#release(thread);
      },
    };
  }

  #spawn(): Thread {
    const worker = new Worker(new URL('./replay-reader-worker.mjs', import.meta.url));
    const thread: Thread = { worker, job: null };
    this.#all.add(thread);
    const lost = () => {
      if (!this.#all.delete(thread)) return;
      const index = this.#idle.indexOf(thread);
      if (index >= 0) this.#idle.splice(index, 1);
      const job = thread.job;
      thread.job = null;
      job?.failed();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    // An idle thread never keeps the process alive; a job's port does while its lines are awaited.
    worker.unref();
    return thread;
  }

  #release(thread: Thread): void {
    thread.job = null;
    if (!this.#all.has(thread)) return;
    if (this.#idle.length < MAX_IDLE) this.#idle.push(thread);
    else {
      this.#all.delete(thread);
      void thread.worker.terminate();
    }
  }
}

/** The process's reader threads. */
export const readerThreads = new ReaderThreads();
