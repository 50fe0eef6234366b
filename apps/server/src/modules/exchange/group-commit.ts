import { Effects } from './effects.ts';

export type CommitHooks = {
  /** Writes one batch in one transaction; resolves once it committed. */
  write(effects: Effects): Promise<void>;
  /** The batch did not commit: its markets must be rebuilt before their next command. */
  failed(effects: Effects, error: unknown): void;
};

/** How a batch ended for its commands: committed, or rolled back by `error`. */
export type CommitOutcome = { committed: true } | { committed: false; error: unknown };

const COMMITTED: CommitOutcome = { committed: true };

type Batch = { effects: Effects; waiters: ((outcome: CommitOutcome) => void)[] };

/**
 * Group commit (docs/decisions/0130): commands apply in memory at once and hand their effects here;
 * everything handed in while a batch is being written goes into the next one, written in one
 * transaction. A command is acknowledged only after its batch committed. When a batch fails, the one
 * gathered behind it fails too: its commands were applied on top of the failed ones.
 */
export class GroupCommitter {
  #next: Batch | null = null;
  #running = false;
  #batches = 0;
  #commands = 0;
  #writeMs = 0;

  constructor(private readonly hooks: CommitHooks) {}

  /** Resolves once the effects are durable, or with the error when their batch failed. */
  submit(effects: Effects): Promise<CommitOutcome> {
    return new Promise((resolve) => {
      this.#next ??= { effects: new Effects(), waiters: [] };
      this.#next.effects.mergeFrom(effects);
      this.#next.waiters.push(resolve);
      if (this.#running) return;
      this.#running = true;
      // Commands arriving in the same turn of the event loop join this first batch.
      setImmediate(() => void this.#drain());
    });
  }

  get stats() {
    return { batches: this.#batches, commands: this.#commands, writeMs: this.#writeMs };
  }

  /** Resolves once nothing is waiting to be written. */
  async idle(): Promise<void> {
    while (this.#running) await new Promise((resolve) => setImmediate(resolve));
  }

  async #drain(): Promise<void> {
    while (this.#next) {
      const batch = this.#next;
      this.#next = null;
      this.#batches += 1;
      this.#commands += batch.waiters.length;
      const startedAt = performance.now();
      try {
        await this.hooks.write(batch.effects);
        this.#writeMs += performance.now() - startedAt;
        for (const resolve of batch.waiters) resolve(COMMITTED);
      } catch (error) {
        const behind = this.#next as Batch | null;
        this.#next = null;
        this.hooks.failed(batch.effects, error);
        const failed: CommitOutcome = { committed: false, error };
        for (const resolve of batch.waiters) resolve(failed);
        if (behind) {
          this.hooks.failed(behind.effects, error);
          for (const resolve of behind.waiters) resolve(failed);
        }
      }
    }
    this.#running = false;
  }
}
