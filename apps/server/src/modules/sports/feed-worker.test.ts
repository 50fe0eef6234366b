import { createSimulator } from '@backlay/feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { parseEnv } from '../../env.ts';
import { Lifecycle } from '../../platform/lifecycle.ts';
import { startTestApp, type TestContext } from '../../test/test-app.ts';
import { startFeed } from './feed-worker.ts';

const START_MS = Date.UTC(2026, 0, 10, 12);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

/** A clock that moves 30 s on every reading, so each short poll brings a batch of simulated play. */
function fakeClock(fromMs: number) {
  let readings = 0;
  return { nowMs: () => fromMs + readings++ * 30_000, readings: () => readings };
}

const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const openEventIds = async () =>
  (
    await ctx.deps.db.query<{ id: string }>(`SELECT id FROM events WHERE status IN ('SCHEDULED', 'IN_PLAY')`)
  ).map((row) => row.id);

const closedCount = async () =>
  Number(
    (await ctx.deps.db.query<{ n: bigint }>(`SELECT count(*) AS n FROM events WHERE status = 'CLOSED'`))[0]!
      .n,
  );

async function runFeed(seed: string, fromMs: number, batches: number) {
  const lifecycle = new Lifecycle();
  const clock = fakeClock(fromMs);
  const env = { FEED_SEED: seed, FEED_SPEED: 1 };
  await startFeed({ ...ctx.deps, env, lifecycle }, { intervalMs: 5, nowMs: clock.nowMs });
  await lifecycle.start();
  await until(() => clock.readings() >= batches + 2);
  await lifecycle.stop();
  return lifecycle.health();
}

describe('the feed worker', () => {
  it('applies batches on its interval and stops cleanly under the lifecycle', async () => {
    const health = await runFeed('worker-a', START_MS, 5);
    expect(health.state).toBe('stopped');
    expect(health.workers).toEqual([{ name: 'feed', state: 'stopped', restarts: 0 }]);
    expect((await openEventIds()).length).toBeGreaterThan(40);
    const [moved] = await ctx.deps.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM markets WHERE version > 1`,
    );
    expect(Number(moved!.n)).toBeGreaterThan(0);
  });

  it('closes, on its next start, the events an earlier run left open', async () => {
    const earlier = new Set(await openEventIds());
    const health = await runFeed('worker-b', START_MS + 3_600_000, 1);
    expect(health.workers[0]).toMatchObject({ state: 'stopped', restarts: 0 });
    const open = await openEventIds();
    expect(open.filter((id) => earlier.has(id))).toEqual([]);
    const [closed] = await ctx.deps.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM events WHERE status = 'CLOSED'`,
    );
    expect(Number(closed!.n)).toBe(earlier.size);
  });
});

describe('the built-in simulator on another start', () => {
  it('goes on with the run the database holds when its seed and speed are the same', async () => {
    const open = new Set(await openEventIds());
    const closedBefore = await closedCount();
    // worker-b's run above began at START_MS + 1 h and was applied a few readings past it.
    const health = await runFeed('worker-b', START_MS + 3_600_000 + 1_800_000, 3);
    expect(health.workers[0]).toMatchObject({ state: 'stopped', restarts: 0 });
    // A new run would have new fixture ids and close every event left open.
    expect(await closedCount()).toBe(closedBefore);
    const stillOpen = (await openEventIds()).filter((id) => open.has(id));
    expect(stillOpen.length).toBeGreaterThan(open.size / 2);
  });
});

describe('a failed batch', () => {
  it('is retried with the same feed after the restart, so no open event is closed', async () => {
    const db = ctx.deps.db;
    const closedBefore = await closedCount();
    const openBefore = (await openEventIds()).length;
    let failures = 1;
    let transactions = 0;
    const flaky: Database = {
      kind: db.kind,
      query: (text, params) => db.query(text, params),
      exec: (script) => db.exec(script),
      close: () => db.close(),
      transaction: (work) => {
        transactions += 1;
        if (transactions === 2 && failures-- > 0) return Promise.reject(new Error('connection lost'));
        return db.transaction(work);
      },
    };
    let feeds = 0;
    const clock = fakeClock(START_MS + 7_200_000);
    const lifecycle = new Lifecycle({ backoffInitialMs: 10 });
    const env = { FEED_SEED: 'worker-c', FEED_SPEED: 1 };
    const createFeed = (startMs: number) => {
      feeds += 1;
      return createSimulator({ seed: env.FEED_SEED, startMs });
    };
    await startFeed(
      { ...ctx.deps, db: flaky, env, lifecycle },
      { intervalMs: 5, nowMs: clock.nowMs, createFeed },
    );
    await lifecycle.start();
    await until(() => transactions >= 5);
    await lifecycle.stop();
    expect(lifecycle.health().workers[0]).toMatchObject({ restarts: 1, lastError: 'connection lost' });
    expect(feeds).toBe(1);
    // Only the earlier run's events were closed, none of this feed's own.
    expect(await closedCount()).toBe(closedBefore + openBefore);
    expect((await openEventIds()).length).toBeGreaterThan(40);
  });
});

describe('feed configuration', () => {
  it('defaults FEED_SEED and FEED_SPEED and refuses a speed below 0.1', () => {
    expect(parseEnv({})).toMatchObject({ ok: true, env: { FEED_SEED: 'backlay', FEED_SPEED: 1 } });
    expect(parseEnv({ FEED_SEED: 'demo', FEED_SPEED: '60' })).toMatchObject({
      ok: true,
      env: { FEED_SEED: 'demo', FEED_SPEED: 60 },
    });
    for (const speed of ['0', '0.05', 'fast', '-1']) {
      expect(parseEnv({ FEED_SPEED: speed })).toMatchObject({
        ok: false,
        message: expect.stringContaining('FEED_SPEED'),
      });
    }
  });
});
