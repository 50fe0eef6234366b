/**
 * Password hashing is CPU- and memory-bound (scrypt, 32 MiB each), so only a few run at once and the rest
 * wait here, per key (client address). The next free slot goes to the waiting key with the lowest weight
 * (its sign-in attempts this window), ties taking turns round-robin. So a flood waits behind itself, and
 * an address that has tried little waits only for the hashes already running (0040).
 */
export type HashQueueLimits = {
  /** Hashes running at once; about one per core leaves the event loop and the database room to breathe. */
  concurrency: number;
  /** Running plus waiting per key; beyond it the attempt is refused at once instead of queued. */
  maxPendingPerKey: number;
  /** Running plus waiting over all keys, so a spread-out flood cannot hold unbounded memory. */
  maxPendingTotal: number;
  /** A waiter not started by then is refused: the client would have given up, and its slot is better spent. */
  maxWaitMs: number;
};

export const DEFAULT_HASH_QUEUE_LIMITS: HashQueueLimits = {
  concurrency: 2,
  maxPendingPerKey: 4,
  maxPendingTotal: 100,
  maxWaitMs: 5_000,
};

/** Refused: `key` (this key has too much pending) and `total` at once, `wait` after waiting maxWaitMs. */
export class HashQueueFullError extends Error {
  constructor(readonly scope: 'key' | 'total' | 'wait') {
    super(`hash queue full (${scope})`);
  }
}

type KeyState = { pending: number; weight: number };

export class FairHashQueue {
  #running = 0;
  #pendingTotal = 0;
  // Known while the key has anything running or waiting; the weight only grows meanwhile.
  readonly #keys = new Map<string, KeyState>();
  // Map iteration order is the rotation among equal weights: the key served goes to the back.
  readonly #waiting = new Map<string, Array<() => void>>();

  constructor(readonly limits: HashQueueLimits) {
    if (limits.concurrency < 1) throw new Error('hash queue concurrency must be at least 1');
  }

  /** Running plus waiting for one key (tests and metrics). */
  pendingFor(key: string): number {
    return this.#keys.get(key)?.pending ?? 0;
  }

  get pendingTotal(): number {
    return this.#pendingTotal;
  }

  /** Runs `task` when its turn comes; throws HashQueueFullError when over a limit. */
  async run<T>(key: string, task: () => Promise<T>, weight = 0): Promise<T> {
    const state = this.#keys.get(key) ?? { pending: 0, weight };
    if (state.pending >= this.limits.maxPendingPerKey) throw new HashQueueFullError('key');
    if (this.#pendingTotal >= this.limits.maxPendingTotal) throw new HashQueueFullError('total');
    state.pending += 1;
    state.weight = Math.max(state.weight, weight);
    this.#keys.set(key, state);
    this.#pendingTotal += 1;
    try {
      await this.#turn(key);
      try {
        return await task();
      } finally {
        this.#running -= 1;
        this.#dispatch();
      }
    } finally {
      state.pending -= 1;
      if (state.pending === 0) this.#keys.delete(key);
      this.#pendingTotal -= 1;
    }
  }

  #turn(key: string): Promise<void> {
    if (this.#running < this.limits.concurrency && this.#waiting.size === 0) {
      this.#running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const start = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#forget(key, start);
        reject(new HashQueueFullError('wait'));
      }, this.limits.maxWaitMs);
      const queue = this.#waiting.get(key);
      if (queue) queue.push(start);
      else this.#waiting.set(key, [start]);
    });
  }

  #forget(key: string, start: () => void): void {
    const queue = this.#waiting.get(key);
    const index = queue?.indexOf(start) ?? -1;
    if (!queue || index < 0) return;
    queue.splice(index, 1);
    if (queue.length === 0) this.#waiting.delete(key);
  }

  /** The lightest waiting key, first in rotation among equals; a scan, as waiting keys are few (capped). */
  #nextKey(): string | undefined {
    let best: string | undefined;
    let bestWeight = Infinity;
    for (const key of this.#waiting.keys()) {
      const weight = this.#keys.get(key)?.weight ?? 0;
      if (weight < bestWeight) [best, bestWeight] = [key, weight];
    }
    return best;
  }

  #dispatch(): void {
    while (this.#running < this.limits.concurrency) {
      const key = this.#nextKey();
      if (key === undefined) return;
      const queue = this.#waiting.get(key) ?? [];
      const start = queue.shift();
      this.#waiting.delete(key);
      if (queue.length > 0) this.#waiting.set(key, queue);
      if (!start) continue;
      this.#running += 1;
      start();
    }
  }
}
