import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Lifecycle } from '../../platform/lifecycle.ts';
import { PgLeases } from '../../platform/units/index.ts';
import { startTestApp, type TestContext } from '../../test/test-app.ts';
import { FEED_LEASE, startFeed } from './feed-worker.ts';
import { createSimulator } from '@backlay/feed';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('the feed on several instances', () => {
  it('runs on the lease holder only, and the standby takes over once it is released', async () => {
    const created: string[] = [];
    const instance = (name: string) => {
      const lifecycle = new Lifecycle();
      const env = { FEED_SEED: `lease-${name}`, FEED_SPEED: 1 };
      const createFeed = (startMs: number) => {
        created.push(name);
        return createSimulator({ seed: env.FEED_SEED, speed: 1, startMs });
      };
      const leases = new PgLeases(ctx.deps.db, name, 10_000);
      return {
        lifecycle,
        start: () => startFeed({ ...ctx.deps, env, lifecycle, leases }, { intervalMs: 5, createFeed }),
      };
    };
    const a = instance('a');
    const b = instance('b');
    await a.start();
    await a.lifecycle.start();
    await until(() => created.includes('a'));
    await b.start();
    await b.lifecycle.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(created).toEqual(['a']);
    const [held] = await ctx.deps.db.query<{ owner: string }>(
      'SELECT owner FROM unit_leases WHERE unit_id = $1',
      [FEED_LEASE],
    );
    expect(held?.owner).toBe('a');
    await a.lifecycle.stop();
    await until(() => created.includes('b'));
    await b.lifecycle.stop();
    expect(created).toEqual(['a', 'b']);
  });
});
