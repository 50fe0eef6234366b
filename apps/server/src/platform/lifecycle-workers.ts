/** The worker shapes the lifecycle supervises, its options and the backoff rule (docs/decisions/0056). */

/** Started and stopped by the lifecycle; `stop` drains what the worker has acknowledged. */
export type StartStopWorker = {
  name: string;
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
  /** How long stop may take before the lifecycle moves on (defaults to the lifecycle's). */
  stopTimeoutMs?: number;
};

/**
 * A loop that runs until `signal` aborts, then drains and returns. Returning or throwing before the
 * abort is a crash: the lifecycle runs it again after a backoff.
 */
export type LoopWorker = {
  name: string;
  run(signal: AbortSignal): Promise<void>;
  stopTimeoutMs?: number;
};

export type Worker = StartStopWorker | LoopWorker;

export type WorkerState = 'idle' | 'starting' | 'running' | 'backoff' | 'stopping' | 'stopped';

export type WorkerHealth = {
  name: string;
  state: WorkerState;
  restarts: number;
  lastError?: string;
  lastErrorAtMs?: number;
};

export type LifecycleState = 'idle' | 'starting' | 'running' | 'stopping' | 'stopped';

export type LifecycleLog = {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

export type LifecycleOptions = {
  /** Each worker's drain budget on stop. */
  stopTimeoutMs: number;
  /** The whole stop never takes longer than this, whatever the workers declare. */
  totalStopTimeoutMs: number;
  backoffInitialMs: number;
  backoffMaxMs: number;
  /** A run that lasted this long counts as healthy: the next failure starts the backoff afresh. */
  backoffResetAfterMs: number;
  log?: LifecycleLog;
  nowMs?: () => number;
};

export const DEFAULT_LIFECYCLE_OPTIONS: LifecycleOptions = {
  stopTimeoutMs: 10_000,
  totalStopTimeoutMs: 25_000,
  backoffInitialMs: 500,
  backoffMaxMs: 30_000,
  backoffResetAfterMs: 60_000,
};

/** Delay before the n-th consecutive restart (n ≥ 1): initial × 2^(n−1), capped. */
export function backoffDelayMs(
  failures: number,
  options: Pick<LifecycleOptions, 'backoffInitialMs' | 'backoffMaxMs'>,
) {
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  return Math.min(options.backoffMaxMs, options.backoffInitialMs * 2 ** exponent);
}

/** Both kinds as one loop; `ready` marks the end of a start, which ordered start waits for. */
export type Supervised = {
  name: string;
  stopTimeoutMs?: number;
  run(signal: AbortSignal, ready: () => void): Promise<void>;
};

export const supervised = (worker: Worker): Supervised =>
  'run' in worker
    ? {
        name: worker.name,
        stopTimeoutMs: worker.stopTimeoutMs,
        run(signal, ready) {
          const running = worker.run(signal);
          ready();
          return running;
        },
      }
    : {
        name: worker.name,
        stopTimeoutMs: worker.stopTimeoutMs,
        async run(signal, ready) {
          await worker.start();
          ready();
          try {
            await untilAborted(signal);
          } finally {
            await worker.stop();
          }
        },
      };

function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/** Resolves after ms, or at once when signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
