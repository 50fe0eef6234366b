import { afterEach, describe, expect, it, vi } from 'vitest';
import { FairHashQueue, HashQueueFullError, type HashQueueLimits } from './hash-queue.ts';

/** A task that records when it starts and finishes only when the test says so. */
function heldTask(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish: () => finish(),
    run: async () => {
      log.push(name);
      await done;
      return name;
    },
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

/** A queue with the given limits that lets a waiter wait a minute unless the test says otherwise. */
const queueWith = (limits: Omit<HashQueueLimits, 'maxWaitMs'> & { maxWaitMs?: number }) =>
  new FairHashQueue({ maxWaitMs: 60_000, ...limits });

describe('FairHashQueue', () => {
  it('never runs more tasks at once than its concurrency', async () => {
    const queue = queueWith({ concurrency: 2, maxPendingPerKey: 10, maxPendingTotal: 10 });
    const log: string[] = [];
    const tasks = ['a1', 'a2', 'a3', 'a4'].map((name) => heldTask(log, name));
    const results = tasks.map((task) => queue.run('a', task.run));
    await flush();
    expect(log).toEqual(['a1', 'a2']);
    tasks[0]?.finish();
    await flush();
    expect(log).toEqual(['a1', 'a2', 'a3']);
    for (const task of tasks) task.finish();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(queue.pendingTotal).toBe(0);
  });

  it('takes turns between keys of equal weight', async () => {
    const queue = queueWith({ concurrency: 1, maxPendingPerKey: 10, maxPendingTotal: 20 });
    const log: string[] = [];
    const flood = ['a1', 'a2', 'a3', 'a4', 'a5'].map((name) => heldTask(log, name));
    const late = ['b1', 'b2'].map((name) => heldTask(log, name));
    const results = [
      ...flood.map((task) => queue.run('a', task.run)),
      ...late.map((task) => queue.run('b', task.run)),
    ];
    // Released up front: with one slot, the start order is purely the queue's choice.
    for (const task of [...flood, ...late]) task.finish();
    await Promise.all(results);
    expect(log).toEqual(['a1', 'a2', 'b1', 'a3', 'b2', 'a4', 'a5']);
  });

  it('serves the lightest waiting key first: an address that tried less overtakes a flood', async () => {
    const queue = queueWith({ concurrency: 1, maxPendingPerKey: 10, maxPendingTotal: 20 });
    const log: string[] = [];
    const flood = ['a1', 'a2', 'a3', 'a4'].map((name) => heldTask(log, name));
    const player = heldTask(log, 'b1');
    const results = flood.map((task, index) => queue.run('a', task.run, index + 1));
    results.push(queue.run('b', player.run, 1));
    for (const task of [...flood, player]) task.finish();
    await Promise.all(results);
    // 'a' weighed 1 when it queued a2, but its later attempts raised it to 4: 'b' (1) goes next.
    expect(log).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
  });

  it('refuses at once beyond the per-key and the total pending limits', async () => {
    const queue = queueWith({ concurrency: 1, maxPendingPerKey: 2, maxPendingTotal: 3 });
    const log: string[] = [];
    const held = ['a1', 'a2', 'b1'].map((name) => heldTask(log, name));
    const results = [
      queue.run('a', held[0]!.run),
      queue.run('a', held[1]!.run),
      queue.run('b', held[2]!.run),
    ];
    await expect(queue.run('a', async () => 'a3')).rejects.toEqual(new HashQueueFullError('key'));
    await expect(queue.run('c', async () => 'c1')).rejects.toEqual(new HashQueueFullError('total'));
    expect(queue.pendingFor('a')).toBe(2);
    for (const task of held) task.finish();
    await Promise.all(results);
    expect(queue.pendingFor('a')).toBe(0);
    expect(await queue.run('a', async () => 'again')).toBe('again');
  });

  it('frees the slot when a task throws', async () => {
    const queue = queueWith({ concurrency: 1, maxPendingPerKey: 5, maxPendingTotal: 5 });
    await expect(
      queue.run('a', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(queue.pendingTotal).toBe(0);
    expect(await queue.run('a', async () => 'next')).toBe('next');
  });

  describe('with a clock', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('refuses a waiter not started within maxWaitMs and keeps serving the others', async () => {
      vi.useFakeTimers();
      const queue = queueWith({ concurrency: 1, maxPendingPerKey: 5, maxPendingTotal: 5, maxWaitMs: 1_000 });
      const log: string[] = [];
      const running = heldTask(log, 'a1');
      const first = queue.run('a', running.run);
      const waiting = queue.run('b', async () => 'b1');
      const refused = expect(waiting).rejects.toEqual(new HashQueueFullError('wait'));
      await vi.advanceTimersByTimeAsync(1_000);
      await refused;
      expect(queue.pendingFor('b')).toBe(0);
      const later = queue.run('c', async () => 'c1');
      running.finish();
      expect(await first).toBe('a1');
      expect(await later).toBe('c1');
      expect(queue.pendingTotal).toBe(0);
    });
  });
});
