/**
 * One unit's commands, one at a time in arrival order: a command starts only after the previous one
 * settled, so no two commands of a unit interleave. Bounded: a full queue refuses instead of growing.
 */
export class UnitQueue {
  #tail: Promise<unknown> = Promise.resolve();
  #length = 0;

  constructor(readonly maxLength: number) {}

  /** Queued plus running. */
  get length(): number {
    return this.#length;
  }

  /** The task's outcome once it ran, or null when the queue is full (nothing was queued). */
  push<T>(task: () => Promise<T>): Promise<T> | null {
    if (this.#length >= this.maxLength) return null;
    this.#length += 1;
    const run = this.#tail.then(task);
    this.#tail = run.then(
      () => void (this.#length -= 1),
      () => void (this.#length -= 1),
    );
    return run;
  }

  /** Resolves once every task queued so far, and any queued meanwhile, has settled. */
  async idle(): Promise<void> {
    while (this.#length > 0) await this.#tail;
  }
}
