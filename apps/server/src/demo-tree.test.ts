import type { DownlineItem } from '@backlay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT_PLAYERS, DEMO_AGENTS, seedDemoTree } from './demo-tree.ts';
import { auditLedger } from './modules/wallet/index.ts';
import { bearer, loginAs, startTestApp, type TestContext } from './test/test-app.ts';

let ctx: TestContext;

/** What a repeated seed could add to: accounts, ledger operations and audit entries. */
async function footprint() {
  const [row] = await ctx.deps.db.query<{ users: string; operations: string; audits: string }>(
    `SELECT (SELECT count(*) FROM users)::text AS users,
            (SELECT count(*) FROM ledger_operations)::text AS operations,
            (SELECT count(*) FROM audit_log)::text AS audits`,
  );
  return row;
}

const agent = DEMO_AGENTS.at(-1)!;
const getAs = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

beforeAll(async () => {
  ctx = await startTestApp();
  await seedDemoTree(ctx.deps);
});

afterAll(async () => {
  await ctx?.close();
});

describe('the demo agent network', () => {
  it('is seeded once: a second start changes nothing', async () => {
    const before = await footprint();
    await seedDemoTree(ctx.deps);
    expect(await footprint()).toEqual(before);
    const [counts] = await ctx.deps.db.query<{ agents: string; players: string }>(
      `SELECT (SELECT count(*) FROM agents)::text AS agents, (SELECT count(*) FROM agent_players)::text AS players`,
    );
    expect(counts).toEqual({ agents: '4', players: '3' });
  });

  it('builds one agent per level, each under the one above with its share', async () => {
    const rows = await ctx.deps.db.query<{
      email: string;
      level: number;
      share: number;
      parent: string | null;
    }>(
      `SELECT u.email, a.level, a.share_bp AS share, p.email AS parent
         FROM agents a JOIN users u ON u.id = a.user_id LEFT JOIN users p ON p.id = a.parent_id
        ORDER BY a.level`,
    );
    expect(rows).toEqual(
      DEMO_AGENTS.map((demo, index) => ({
        email: demo.email,
        level: index + 1,
        share: demo.sharePercent * 100,
        parent: index === 0 ? null : DEMO_AGENTS[index - 1]!.email,
      })),
    );
  });

  it('signs the agent in, whose downline lists its three players with their balances', async () => {
    const token = await loginAs(ctx.app, agent.email, agent.password);
    const response = await getAs(token, '/api/admin/downline');
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<{ items: DownlineItem[] }>().items;
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(
      items
        .map(({ kind, name, balance, creditReference }) => ({ kind, name, balance, creditReference }))
        .sort(byName),
    ).toEqual(
      DEMO_AGENT_PLAYERS.map((player) => ({
        kind: 'player',
        name: player.name,
        balance: player.chips,
        creditReference: player.credit,
      })),
    );
    const me = await getAs(token, '/api/me');
    expect(me.json().agent).toMatchObject({ level: 4, sharePercent: 40 });
  });

  it('signs a demo player under the agent in', async () => {
    await expect(
      loginAs(ctx.app, DEMO_AGENT_PLAYERS[0]!.email, DEMO_AGENT_PLAYERS[0]!.password),
    ).resolves.toBeTruthy();
  });

  it('leaves the ledger balanced', async () => {
    expect(await auditLedger(ctx.deps.db)).toEqual([]);
  });
});

describe('without demo data', () => {
  it('seeds no network', async () => {
    const bare = await startTestApp({ DEMO_DATA: 'false' });
    try {
      await seedDemoTree(bare.deps);
      expect(await bare.deps.db.query('SELECT 1 FROM agents')).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
