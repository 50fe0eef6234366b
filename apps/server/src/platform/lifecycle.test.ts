import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelayMs, Lifecycle, type LoopWorker } from './lifecycle.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const options = {
  backoffInitialMs: 100,
  backoffMaxMs: 1_000,
  backoffResetAfterMs: 10_000,
  stopTimeoutMs: 500,
  totalStopTimeoutMs: 2_000,
  nowMs: () => Date.now(),
};

function recorder() {
  const events: string[] = [];
  const worker = (name: string, startMs = 0) => ({
    name,
    async start() {
      if (startMs > 0) await new Promise((resolve) => setTimeout(resolve, startMs));
      events.push(`start ${name}`);
    },
    async stop() {
      events.push(`stop ${name}`);
    },
  });
  return { events, worker };
}

describe('Lifecycle', () => {
  it('starts in order, each after the previous start settled, and stops in reverse order', async () => {
    const { events, worker } = recorder();
    const lifecycle = new Lifecycle(options);
    await lifecycle.register(worker('feed', 50));
    await lifecycle.register(worker('market', 0));
    await lifecycle.register(worker('router', 10));
    const started = lifecycle.start();
    await vi.advanceTimersByTimeAsync(100);
    await started;
    expect(events).toEqual(['start feed', 'start market', 'start router']);
    expect(lifecycle.health().workers.map((w) => w.state)).toEqual(['running', 'running', 'running']);
    await lifecycle.stop();
    expect(events.slice(3)).toEqual(['stop router', 'stop market', 'stop feed']);
    expect(lifecycle.health()).toMatchObject({ state: 'stopped' });
  });

  it('restarts a crashing loop with capped exponential backoff and reports it', async () => {
    const runsAtMs: number[] = [];
    const crashing: LoopWorker = {
      name: 'crash-rounds',
      async run() {
        runsAtMs.push(Date.now());
        throw new Error('round loop lost its lease');
      },
    };
    const lifecycle = new Lifecycle(options);
    await lifecycle.register(crashing);
    const t0 = Date.now();
    await lifecycle.start();
    await vi.advanceTimersByTimeAsync(5_000);
    const gapsMs = runsAtMs.slice(1).map((at, i) => at - runsAtMs[i]!);
    expect(runsAtMs[0]).toBe(t0);
    expect(gapsMs.slice(0, 6)).toEqual([100, 200, 400, 800, 1_000, 1_000]);
    expect(lifecycle.health().workers[0]).toMatchObject({
      state: 'backoff',
      lastError: 'round loop lost its lease',
      restarts: runsAtMs.length - 1,
    });
    await lifecycle.stop();
    const runs = runsAtMs.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runsAtMs.length).toBe(runs);
  });

  it('treats a loop that returns before being stopped as a crash', async () => {
    let runs = 0;
    const lifecycle = new Lifecycle(options);
    await lifecycle.register({ name: 'feed', run: async () => void (runs += 1) });
    await lifecycle.start();
    await vi.advanceTimersByTimeAsync(150);
    expect(runs).toBe(2);
    expect(lifecycle.health().workers[0]?.lastError).toBe('the worker stopped on its own');
    await lifecycle.stop();
  });

  it('lets a loop drain acknowledged commands on stop', async () => {
    const applied: number[] = [];
    const queue = [1, 2, 3];
    const market: LoopWorker = {
      name: 'market',
      async run(signal) {
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        // Acknowledged commands are applied before the loop returns.
        while (queue.length > 0) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          applied.push(queue.shift()!);
        }
      },
    };
    const lifecycle = new Lifecycle(options);
    await lifecycle.register(market);
    await lifecycle.start();
    const stopped = lifecycle.stop();
    await vi.advanceTimersByTimeAsync(100);
    await stopped;
    expect(applied).toEqual([1, 2, 3]);
    expect(lifecycle.health().workers[0]).toMatchObject({ state: 'stopped', restarts: 0 });
  });

  it('bounds a stop that never drains and moves on to the next worker', async () => {
    const { events, worker } = recorder();
    const lifecycle = new Lifecycle(options);
    await lifecycle.register(worker('first'));
    await lifecycle.register({ name: 'stuck', run: () => new Promise<void>(() => {}), stopTimeoutMs: 300 });
    await lifecycle.start();
    const stopped = lifecycle.stop();
    await vi.advanceTimersByTimeAsync(299);
    expect(events).toEqual(['start first']);
    await vi.advanceTimersByTimeAsync(1);
    await stopped;
    expect(events).toEqual(['start first', 'stop first']);
    expect(lifecycle.health().workers[1]).toMatchObject({
      state: 'stopped',
      lastError: 'did not stop within 300 ms',
    });
  });

  it('keeps booting when a first start fails, and retries that worker', async () => {
    let attempts = 0;
    const { events, worker } = recorder();
    const lifecycle = new Lifecycle(options);
    await lifecycle.register({
      name: 'flaky',
      start: () => {
        attempts += 1;
        if (attempts === 1) throw new Error('database unreachable');
      },
      stop: () => {},
    });
    await lifecycle.register(worker('after'));
    await lifecycle.start();
    expect(events).toEqual(['start after']);
    expect(lifecycle.health().workers[0]).toMatchObject({
      state: 'backoff',
      lastError: 'database unreachable',
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(lifecycle.health().workers[0]).toMatchObject({ state: 'running', restarts: 1 });
    await lifecycle.stop();
  });

  it('refuses a duplicate name and registration while stopping', async () => {
    const lifecycle = new Lifecycle(options);
    await lifecycle.register({ name: 'a', start: () => {}, stop: () => {} });
    expect(() => lifecycle.register({ name: 'a', start: () => {}, stop: () => {} })).toThrow(/already/);
    await lifecycle.stop();
    expect(() => lifecycle.register({ name: 'b', start: () => {}, stop: () => {} })).toThrow(/stopping/);
  });
});

describe('backoffDelayMs', () => {
  it('doubles from the initial delay up to the cap', () => {
    const limits = { backoffInitialMs: 500, backoffMaxMs: 30_000 };
    expect([1, 2, 3, 7, 8, 100].map((n) => backoffDelayMs(n, limits))).toEqual([
      500, 1_000, 2_000, 30_000, 30_000, 30_000,
    ]);
  });
});
