import type { DownlineItem } from '@backlay/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_AGENTS, DEMO_TRAFFIC_CAST, seedDemoTree } from '../../demo-tree.ts';
import { createOperatorMarket } from '../../test/operator-market.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { startTables } from '../tables/index.ts';
import { auditLedger } from '../wallet/index.ts';
import { startDemoTraffic, type TrafficDeps, type TrafficOptions, type TrafficStep } from './index.ts';

let ctx: TestContext | undefined;

afterEach(async () => {
  if (!ctx) return;
  await ctx.deps.lifecycle.stop();
  expect(await auditLedger(ctx.deps.db)).toEqual([]);
  await ctx.close();
  ctx = undefined;
});

/** A repeatable stream of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** An open two-runner market with fair chances, as the simulator makes them, and the house quoting. */
async function quotedMarket(ctx: TestContext): Promise<{ id: string }> {
  const admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  const market = await createOperatorMarket(ctx, admin, { marketMaker: true });
  await ctx.deps.db.query(
    `UPDATE runners SET fair_ppm = CASE runner_id WHEN 'r1' THEN 400000 ELSE 600000 END WHERE market_id = $1`,
    [market.id],
  );
  const synced = await ctx.deps.exchange.run(market.id, { type: 'sync' });
  if (!synced.ok) throw new Error(JSON.stringify(synced));
  await ctx.deps.exchange.idle();
  return market;
}

/** A portal with the demo network, an open market the house quotes and, when asked, live tables. */
async function demoPortal(env: Record<string, string>, tables = false) {
  ctx = await startTestApp({ TABLE_SPEED: '20', ...env });
  await seedDemoTree(ctx.deps);
  const market = await quotedMarket(ctx);
  if (tables) startTables(ctx.deps);
  const deps: TrafficDeps = { ...ctx.deps, tables: ctx.app.tablesModule, leases: ctx.deps.units.leases };
  return { ctx, deps, market };
}

/** Fast traffic whose casino is unreachable; every round's outcome lands in `steps`. */
function fastTraffic(steps: TrafficStep[]): Partial<TrafficOptions> {
  return {
    minIntervalMs: 5,
    maxIntervalMs: 20,
    random: seeded(7),
    fetch: () => Promise.reject(new Error('no aggregator here')),
    onStep: (step) => steps.push(step),
  };
}

async function until(condition: () => boolean | Promise<boolean>, steps: TrafficStep[], timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${JSON.stringify(steps.slice(-20))}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const demoBets = async (db: TestContext['deps']['db']) =>
  db.query<{ product: string; n: number }>(
    `SELECT 'exchange' AS product, count(*)::int AS n FROM bets b JOIN users u ON u.id::text = b.player_id
      WHERE u.email = ANY($1::text[])
     UNION ALL
     SELECT r.table_id, count(*)::int FROM table_bets r JOIN users u ON u.id::text = r.player_id
      WHERE u.email = ANY($1::text[]) GROUP BY r.table_id
     UNION ALL
     SELECT 'crash', count(*)::int FROM crash_bets c JOIN users u ON u.id::text = c.player_id
      WHERE u.email = ANY($1::text[])`,
    [DEMO_TRAFFIC_CAST.playerEmails],
  );

describe('demo traffic', () => {
  it('has the demo players bet through the exchange and the tables, seen in the agent’s downline', async () => {
    const { ctx, deps } = await demoPortal({ DEMO_TRAFFIC: 'true' }, true);
    const steps: TrafficStep[] = [];
    expect(await startDemoTraffic(deps, DEMO_TRAFFIC_CAST, fastTraffic(steps))).toBe(true);
    await ctx.deps.lifecycle.start();
    const placed = (product: string) => steps.filter((step) => step.placed && step.product === product);
    await until(
      () => placed('exchange').length >= 3 && placed('table').length + placed('crash').length >= 1,
      steps,
    );
    await ctx.deps.lifecycle.stop();
    await ctx.deps.exchange.idle();

    const products = new Map((await demoBets(ctx.deps.db)).map((row) => [row.product, row.n]));
    expect(products.get('exchange')).toBeGreaterThanOrEqual(3);
    expect([...products.keys()].some((product) => product !== 'exchange')).toBe(true);
    // The casino's aggregator is not running here: its rounds are skipped, nothing else fails.
    expect(steps.filter((step) => step.code === 'FAILED')).toEqual([]);

    const agent = DEMO_AGENTS.at(-1)!;
    const token = await loginAs(ctx.app, agent.email, agent.password);
    const downline = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/downline',
      headers: bearer(token),
    });
    const items = downline.json<{ items: DownlineItem[] }>().items;
    const moved = items.filter((item) => item.exposure !== '0.00' || item.pl !== '0.00');
    expect(moved.length).toBeGreaterThan(0);
  });

  it('has the agent give chips to a player who runs low, from its own balance', async () => {
    const { ctx, deps } = await demoPortal({ DEMO_TRAFFIC: 'true' });
    const [player] = await ctx.deps.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      DEMO_TRAFFIC_CAST.playerEmails[0],
    ]);
    const agent = DEMO_AGENTS.at(-1)!;
    const agentToken = await loginAs(ctx.app, agent.email, agent.password);
    const takeBack = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/${player!.id}/chips`,
      headers: bearer(agentToken),
      payload: { direction: 'out', amount: '450.00', remark: 'test' },
    });
    expect(takeBack.statusCode, takeBack.body).toBe(200);
    const steps: TrafficStep[] = [];
    const cast = { ...DEMO_TRAFFIC_CAST, playerEmails: DEMO_TRAFFIC_CAST.playerEmails.slice(0, 1) };
    await startDemoTraffic(deps, cast, fastTraffic(steps));
    await ctx.deps.lifecycle.start();
    await until(() => steps.length >= 1, steps);
    const audits = await ctx.deps.db.query<{ action: string; actor_email: string }>(
      `SELECT action, actor_email FROM audit_log WHERE action = 'chips in' AND target = $1`,
      [`player:${player!.id}`],
    );
    expect(audits).toEqual([{ action: 'chips in', actor_email: agent.email }]);
  });

  it('places nothing when off, and nothing on an instance that does not hold the lease', async () => {
    const off = await demoPortal({});
    const steps: TrafficStep[] = [];
    expect(await startDemoTraffic(off.deps, DEMO_TRAFFIC_CAST, fastTraffic(steps))).toBe(false);
    const standby: TrafficDeps = {
      ...off.deps,
      env: { ...off.deps.env, DEMO_TRAFFIC: true },
      leases: { acquire: async () => false, release: async () => {} },
    };
    await startDemoTraffic(standby, DEMO_TRAFFIC_CAST, fastTraffic(steps));
    await off.ctx.deps.lifecycle.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(steps).toEqual([]);
    expect((await demoBets(off.ctx.deps.db)).filter((row) => row.n > 0)).toEqual([]);
  });
});
