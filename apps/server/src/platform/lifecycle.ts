/**
 * The service lifecycle for long-running in-process workers (market command loops, the feed simulator,
 * table and crash round loops): ordered start, draining stop in reverse order, restart with capped
 * exponential backoff, health per worker (docs/decisions/0056).
 */

import {
  backoffDelayMs,
  DEFAULT_LIFECYCLE_OPTIONS,
  sleep,
  supervised,
  type LifecycleOptions,
  type LifecycleState,
  type Supervised,
  type Worker,
  type WorkerHealth,
} from './lifecycle-workers.ts';

export {
  backoffDelayMs,
  DEFAULT_LIFECYCLE_OPTIONS,
  type LifecycleLog,
  type LifecycleOptions,
  type LifecycleState,
  type LoopWorker,
  type StartStopWorker,
  type Worker,
  type WorkerHealth,
  type WorkerState,
} from './lifecycle-workers.ts';

type Entry = {
  worker: Supervised;
  health: WorkerHealth;
  controller: AbortController;
  /** Settles when the supervision loop has ended. */
  done: Promise<void>;
  /** Settles when the first attempt has started (or failed), for ordered start. */
  started: Promise<void>;
};

export class Lifecycle {
  readonly options: LifecycleOptions;
  readonly #entries: Entry[] = [];
  #state: LifecycleState = 'idle';
  #draining = false;

  constructor(options: Partial<LifecycleOptions> = {}) {
    this.options = { ...DEFAULT_LIFECYCLE_OPTIONS, ...options };
  }

  /** Worker failures go to the app's log once there is one (the lifecycle is built before the app). */
  attachLog(log: NonNullable<LifecycleOptions['log']>): void {
    this.options.log ??= log;
  }

  get state(): LifecycleState {
    return this.#state;
  }

  /** Registers a worker; one registered while the lifecycle runs starts at once. */
  register(worker: Worker): Promise<void> {
    if (this.#state === 'stopping' || this.#state === 'stopped') {
      throw new Error(`cannot register ${worker.name}: the service is stopping`);
    }
    if (this.#entries.some((entry) => entry.worker.name === worker.name)) {
      throw new Error(`a worker named ${worker.name} is already registered`);
    }
    const entry: Entry = {
      worker: supervised(worker),
      health: { name: worker.name, state: 'idle', restarts: 0 },
      controller: new AbortController(),
      done: Promise.resolve(),
      started: Promise.resolve(),
    };
    this.#entries.push(entry);
    if (this.#state === 'running' || this.#state === 'starting') return this.#launch(entry);
    return Promise.resolve();
  }

  /**
   * Starts the workers in registration order, each after the previous one's first start has settled.
   * A worker whose first start fails does not stop the others: it retries with backoff and health
   * reports it, so a briefly unreachable database does not keep the service from booting.
   */
  async start(): Promise<void> {
    if (this.#state !== 'idle') return;
    this.#state = 'starting';
    for (const entry of this.#entries) await this.#launch(entry);
    if (this.#state === 'starting') this.#state = 'running';
  }

  /**
   * Says the service is about to stop while it still serves everything: health answers 503 from now
   * on, so a load balancer sends it nothing new before any worker stops.
   */
  beginDrain(): void {
    this.#draining = true;
  }

  /** Stops the workers in reverse order, each bounded by its drain budget and the overall one. */
  async stop(): Promise<void> {
    if (this.#state === 'stopping' || this.#state === 'stopped') return;
    this.#state = 'stopping';
    const nowMs = this.options.nowMs ?? Date.now;
    const deadlineMs = nowMs() + this.options.totalStopTimeoutMs;
    for (const entry of [...this.#entries].reverse()) {
      const budgetMs = Math.min(
        entry.worker.stopTimeoutMs ?? this.options.stopTimeoutMs,
        deadlineMs - nowMs(),
      );
      await this.#stopOne(entry, Math.max(budgetMs, 0));
    }
    this.#state = 'stopped';
  }

  health(): { state: LifecycleState; draining: boolean; workers: WorkerHealth[] } {
    return {
      state: this.#state,
      draining: this.#draining,
      workers: this.#entries.map((entry) => ({ ...entry.health })),
    };
  }

  #launch(entry: Entry): Promise<void> {
    let markStarted = () => {};
    entry.started = new Promise((resolve) => (markStarted = resolve));
    entry.done = this.#supervise(entry, markStarted);
    return entry.started;
  }

  async #supervise(entry: Entry, markStarted: () => void): Promise<void> {
    const { signal } = entry.controller;
    const nowMs = this.options.nowMs ?? Date.now;
    const ready = () => {
      if (!signal.aborted) entry.health.state = 'running';
      markStarted();
    };
    let failures = 0;
    while (!signal.aborted) {
      const startedAtMs = nowMs();
      entry.health.state = 'starting';
      try {
        // A synchronous throw in run counts as a crash, as a rejection does.
        await Promise.resolve().then(() => entry.worker.run(signal, ready));
        if (signal.aborted) break;
        throw new Error('the worker stopped on its own');
      } catch (error) {
        if (signal.aborted) break;
        failures = nowMs() - startedAtMs >= this.options.backoffResetAfterMs ? 1 : failures + 1;
        this.#recordFailure(entry, error, nowMs());
        entry.health.state = 'backoff';
        markStarted();
        await sleep(backoffDelayMs(failures, this.options), signal);
        if (!signal.aborted) entry.health.restarts += 1;
      }
    }
    markStarted();
  }

  #recordFailure(entry: Entry, error: unknown, atMs: number): void {
    entry.health.lastError = error instanceof Error ? error.message : String(error);
    entry.health.lastErrorAtMs = atMs;
    this.options.log?.error(
      { err: error, worker: entry.worker.name },
      'worker failed; restarting after backoff',
    );
  }

  async #stopOne(entry: Entry, budgetMs: number): Promise<void> {
    if (entry.health.state === 'idle') {
      entry.health.state = 'stopped';
      return;
    }
    entry.health.state = 'stopping';
    entry.controller.abort();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), budgetMs)));
    const drained = entry.done.then(
      () => false,
      () => false,
    );
    const late = await Promise.race([drained, timedOut]);
    clearTimeout(timer);
    if (late) {
      entry.health.lastError = `did not stop within ${budgetMs} ms`;
      this.options.log?.warn({ worker: entry.worker.name, budgetMs }, 'worker did not drain in time');
    }
    entry.health.state = 'stopped';
  }
}
