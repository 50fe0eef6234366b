import { randomUUID } from 'node:crypto';
import type { Agent, DownlineItem } from '@backlay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDeskClient } from '../../test/cash-desk-client.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { auditLedger } from '../wallet/index.ts';
import { agentsClient, signInAgent } from './agents-test-kit.ts';
import { assignPlayer } from './tree-repo.ts';

let ctx: TestContext;
let ownerHeaders: Record<string, string>;
let owner: ReturnType<typeof agentsClient>;
let top: Agent;
let sibling: Agent;
let asTop: ReturnType<typeof agentsClient>;

beforeAll(async () => {
  ctx = await startTestApp();
  ownerHeaders = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  owner = agentsClient(ctx, ownerHeaders);
  top = await owner.createOk({ sharePercent: 80, openingChips: 1000 });
  sibling = await owner.createOk({ sharePercent: 80 });
  asTop = agentsClient(ctx, await signInAgent(ctx, top));
});
afterAll(async () => {
  expect(await auditLedger(ctx.deps.db)).toEqual([]);
  await ctx.close();
});

type Page = { items: DownlineItem[]; nextCursor: string | null };

async function allPages(
  client: ReturnType<typeof agentsClient>,
  query: string,
  limit = 2,
): Promise<DownlineItem[]> {
  const items: DownlineItem[] = [];
  let cursor: string | null = null;
  do {
    const response = await client.downline(`?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const page: Page = response.json();
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

describe('the downline', () => {
  it('lists an agent’s children with credit, balance, available and P/L', async () => {
    const child = await asTop.createOk({ sharePercent: 50, creditReference: 1000, openingChips: 200 });
    const [item] = (await asTop.downline()).json<Page>().items;
    expect(item).toEqual({
      id: child.id,
      kind: 'agent',
      level: 2,
      name: child.name,
      creditReference: '1000.00',
      balance: '200.00',
      exposure: '0.00',
      available: '200.00',
      pl: '-800.00',
      sharePercent: 50,
      exposureLimit: null,
      maxStake: null,
      maxStakeBySport: {},
      loginLocked: false,
      betLocked: false,
    });
  });

  it('pages agents, then players, by cursor without repeating or skipping one', async () => {
    const parent = await asTop.createOk({ sharePercent: 40 });
    const agents = [];
    for (let index = 0; index < 3; index += 1)
      agents.push(await asTop.createOk({ parentId: parent.id, sharePercent: 1 }));
    const desk = cashDeskClient(ctx, ownerHeaders);
    const players = [
      await desk.createPlayer(`p1-${randomUUID().slice(0, 6)}@test.local`),
      await desk.createPlayer(`p2-${randomUUID().slice(0, 6)}@test.local`),
    ];
    for (const playerId of players) await assignPlayer(ctx.deps.db, playerId, parent.id);
    const items = await allPages(asTop, `&accountId=${parent.id}`);
    expect(items.map((item) => item.kind)).toEqual(['agent', 'agent', 'agent', 'player', 'player']);
    expect(items.map((item) => item.id).sort()).toEqual(
      [...agents.map((agent) => agent.id), ...players].sort(),
    );
    // The house's players are no longer the house's once they have an agent.
    const root = await allPages(owner, '');
    expect(root.some((item) => players.includes(item.id))).toBe(false);
    expect(root.filter((item) => item.kind === 'agent').map((item) => item.id)).toEqual(
      expect.arrayContaining([top.id, sibling.id]),
    );
  });

  it('answers 404 to an agent for an account outside its subtree', async () => {
    for (const accountId of [sibling.id, randomUUID()]) {
      const response = await asTop.downline(`?accountId=${accountId}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('ACCOUNT_NOT_FOUND');
    }
  });

  it('answers 404 NOT_FOUND to an agent on every other console route', async () => {
    const headers = await signInAgent(ctx, top);
    for (const url of [
      '/api/admin/players',
      '/api/admin/staff',
      '/api/admin/dashboard',
      `/api/admin/players/${randomUUID()}`,
    ]) {
      const response = await ctx.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    const deposit = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/players/${randomUUID()}/deposit`,
      headers,
      payload: { amount: 1 },
    });
    expect(deposit.statusCode).toBe(404);
  });

  it('shows staff the whole tree, and a player nothing', async () => {
    const viewerEmail = `viewer-${randomUUID().slice(0, 6)}@staff.local`;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: ownerHeaders,
      payload: { email: viewerEmail, password: 'staff-password', name: 'V', role: 'viewer' },
    });
    const viewer = agentsClient(ctx, bearer(await loginAs(ctx.app, viewerEmail, 'staff-password')));
    const response = await viewer.downline(`?accountId=${top.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Page>().items.length).toBeGreaterThan(0);
    const player = agentsClient(ctx, bearer(await loginAs(ctx.app, 'player@backlay.local', 'player123')));
    expect((await player.downline()).statusCode).toBe(403);
  });

  it('answers 400 for a malformed cursor', async () => {
    expect((await asTop.downline('?cursor=nonsense')).statusCode).toBe(400);
  });
});
