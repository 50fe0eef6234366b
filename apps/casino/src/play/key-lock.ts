/**
 * Runs work for one key at a time (a player's game: its nonce, open round and seeds change together).
 * Besides the running call at most `maxWaiting` callers wait per key; more are refused rather than piled
 * up behind a slow wallet.
 */
export class KeyLock {
  private readonly queues = new Map<string, { tail: Promise<void>; size: number }>();

  constructor(private readonly maxWaiting = 4) {}

  /** The work's value, or `null` when the queue for `key` is full. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T | null> {
    let queue = this.queues.get(key);
    if (queue === undefined) {
      queue = { tail: Promise.resolve(), size: 0 };
      this.queues.set(key, queue);
    }
    if (queue.size > this.maxWaiting) return null;
    queue.size += 1;
    const running = queue.tail.then(work);
    queue.tail = running.then(
      () => undefined,
      () => undefined,
    );
    try {
      return await running;
    } finally {
      queue.size -= 1;
      if (queue.size === 0) this.queues.delete(key);
    }
  }
}
