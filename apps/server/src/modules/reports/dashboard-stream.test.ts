import type { Dashboard } from '@backlay/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sql } from '../../db/database.ts';
import type { StreamTopicProvider, StreamUpdate } from '../../platform/stream/index.ts';
import { DASHBOARD_REFRESH_MS, DASHBOARD_TOPIC_KIND, registerDashboardStream } from './dashboard-stream.ts';

/** The dashboard topic's refreshes: every few seconds while a staff session follows, none after. */

afterEach(() => vi.useRealTimers());

function setUp(nowMs: () => number) {
  let provider: StreamTopicProvider | undefined;
  const published: StreamUpdate[] = [];
  let reads = 0;
  const stream = registerDashboardStream({
    db: { query: async () => [] } as unknown as Sql,
    streams: {
      register: (registered) => void (provider = registered),
      publish: async (kind, id, update) => {
        expect([kind, id]).toEqual([DASHBOARD_TOPIC_KIND, undefined]);
        published.push(update);
      },
    },
    source: {
      read: async () => ({ seq: ++reads, dashboard: { at: String(reads) } as Dashboard }),
    },
    nowMs,
  });
  return { provider: () => provider!, published, stream };
}

const session = (expiresAtMs: number, role = 'operator') => ({
  userId: 'u1',
  role,
  tokenHash: 'h1',
  expiresAtMs,
});

describe('the admin-dashboard topic', () => {
  it('publishes a fresh dashboard every refresh while a follower is live, and stops after', async () => {
    vi.useFakeTimers();
    const { provider, published, stream } = setUp(() => Date.now());
    await vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS * 2);
    expect(published).toEqual([]);

    const snapshot = await provider().snapshot(undefined, session(Date.now() + DASHBOARD_REFRESH_MS * 2.5));
    expect(snapshot).toEqual({ seq: 1, data: { at: '1' } });
    await vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS * 2);
    expect(published.map((update) => update.seq)).toEqual([2, 3]);

    // The session expired: no more reads.
    await vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS * 3);
    expect(published).toHaveLength(2);
    stream.stop();
  });

  it('lets no player follow and names a topic of this instance', async () => {
    const { provider } = setUp(Date.now);
    expect(await provider().authorize!(session(Date.now() + 1000, 'player'), undefined)).toBe(false);
    expect(provider().topicOf!(undefined)).toMatch(/^stream:admin-dashboard:[0-9a-f-]{36}$/);
  });
});
