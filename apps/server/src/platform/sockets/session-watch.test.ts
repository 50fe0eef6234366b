import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InProcessBus } from '../../lib/bus.ts';
import { SessionWatch, type SessionSource, type SocketSession } from './session-watch.ts';

const TOPIC = 'sessions:revoked';
const DAY_MS = 24 * 3_600_000;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(liveHashes: Set<string> = new Set()) {
  const bus = new InProcessBus();
  const subscribe = vi.spyOn(bus, 'subscribe');
  const live = vi.fn(
    async (hashes: readonly string[]) => new Set(hashes.filter((hash) => liveHashes.has(hash))),
  );
  const source: SessionSource = { revocationTopic: TOPIC, find: async () => undefined, live };
  const watch = new SessionWatch(bus, source, 60_000);
  const ended: string[] = [];
  const add = (tokenHash: string, userId: string, expiresInMs = DAY_MS) => {
    const session: SocketSession = {
      tokenHash,
      userId,
      role: 'player',
      expiresAtMs: Date.now() + expiresInMs,
    };
    return watch.watch(session, (reason) => ended.push(`${tokenHash} ${reason}`));
  };
  return { bus, subscribe, live, watch, ended, add };
}

describe('SessionWatch', () => {
  it('ends sockets by token hash and by user id through one subscription for all of them', async () => {
    const { bus, subscribe, ended, add, watch } = setup();
    add('t1', 'alice');
    add('t2', 'alice');
    add('t3', 'bob');
    add('t4', 'carol');
    expect(subscribe).toHaveBeenCalledTimes(1);
    await bus.publish(TOPIC, JSON.stringify({ tokenHash: 't3' }));
    await bus.publish(TOPIC, JSON.stringify({ userId: 'alice' }));
    expect(ended).toEqual(['t3 revoked', 't1 revoked', 't2 revoked']);
    expect(watch.size).toBe(1);
    watch.close();
  });

  it("ends a socket at its session's expiry, also beyond the longest timer", async () => {
    const { ended, add, watch } = setup(new Set(['soon', 'month']));
    add('soon', 'alice', 1_000);
    add('month', 'bob', 30 * DAY_MS);
    await vi.advanceTimersByTimeAsync(999);
    expect(ended).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ended).toEqual(['soon expired']);
    await vi.advanceTimersByTimeAsync(30 * DAY_MS - 2_000);
    expect(ended).toEqual(['soon expired']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ended).toEqual(['soon expired', 'month expired']);
    watch.close();
  });

  it('stops watching a closed socket', async () => {
    const { bus, ended, add, watch } = setup();
    const stop = add('t1', 'alice', 1_000);
    stop();
    await bus.publish(TOPIC, JSON.stringify({ userId: 'alice' }));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(ended).toEqual([]);
    expect(watch.size).toBe(0);
  });

  it('re-checks every watched session in batched queries, not one query per socket', async () => {
    const live = new Set(Array.from({ length: 1_200 }, (_, i) => `t${i}`));
    live.delete('t7');
    const { add, ended, live: query, watch } = setup(live);
    for (let i = 0; i < 1_200; i += 1) add(`t${i}`, `user${i}`);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(query).toHaveBeenCalledTimes(3);
    expect(ended).toEqual(['t7 revoked']);
    watch.close();
  });

  it('answers an unreadable announcement with a re-check rather than closing everything', async () => {
    const { bus, add, ended, live, watch } = setup(new Set(['t1']));
    add('t1', 'alice');
    add('t2', 'bob');
    await bus.publish(TOPIC, 'not json');
    await vi.advanceTimersByTimeAsync(0);
    expect(live).toHaveBeenCalledTimes(1);
    expect(ended).toEqual(['t2 revoked']);
    watch.close();
  });
});
