import { randomUUID } from 'node:crypto';
import type { DownlineItem } from '@backlay/contracts';
import { describe, expect, it } from 'vitest';
import { readPlayerBalances } from '../wallet/index.ts';
import { agentsClient, useAgentsTest, signInAgent } from './agents-test-kit.ts';

const t = useAgentsTest();

const cash = async (id: string) => (await readPlayerBalances(t.ctx.deps.db, id))?.cashMinor ?? 0n;

function createPlayer(headers: Record<string, string>, payload: Record<string, unknown>) {
  const email = `player-${randomUUID().slice(0, 8)}@agents.local`;
  const body = { email, password: 'player-password', name: 'Pat', ...payload };
  return t.ctx.app.inject({ method: 'POST', url: '/api/admin/players', headers, payload: body });
}

describe('players under agents', () => {
  it('puts an agent’s player under it, its opening credit from the agent’s chips', async () => {
    const agent = await t.owner.createOk({ sharePercent: 50, openingChips: 100 });
    const headers = await signInAgent(t.ctx, agent);
    const created = await createPlayer(headers, { openingCredit: '30.25' });
    expect(created.statusCode, created.body).toBe(201);
    const player = created.json().player as { id: string };
    expect([await cash(agent.id), await cash(player.id)]).toEqual([6_975n, 3_025n]);
    const [row] = (await agentsClient(t.ctx, headers).downline()).json<{ items: DownlineItem[] }>().items;
    expect(row).toMatchObject({ id: player.id, kind: 'player', level: 2, balance: '30.25' });
  });

  it('refuses the whole creation when the agent is short of chips', async () => {
    const agent = await t.owner.createOk({ sharePercent: 50, openingChips: 10 });
    const headers = await signInAgent(t.ctx, agent);
    const email = `short-${randomUUID().slice(0, 6)}@agents.local`;
    const refused = await createPlayer(headers, { email, openingCredit: '10.01' });
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    expect(await cash(agent.id)).toBe(1_000n);
    expect((await agentsClient(t.ctx, headers).downline()).json().items).toEqual([]);
    // Nothing was left behind: the same email is free.
    expect((await createPlayer(headers, { email, openingCredit: 10 })).statusCode).toBe(201);
  });

  it('lets an agent name an agent of its subtree, 404 for any other; staff name any agent', async () => {
    const agent = await t.owner.createOk({ sharePercent: 50 });
    const sibling = await t.owner.createOk({ sharePercent: 50, openingChips: 5 });
    const headers = await signInAgent(t.ctx, agent);
    const child = await agentsClient(t.ctx, headers).createOk({ sharePercent: 10 });
    const below = await createPlayer(headers, { parentId: child.id });
    expect(below.statusCode).toBe(201);
    const childRows = (await t.owner.downline(`?accountId=${child.id}`)).json<{ items: DownlineItem[] }>()
      .items;
    expect(childRows.map((row) => [row.id, row.level])).toEqual([[below.json().player.id, 3]]);
    for (const parentId of [sibling.id, randomUUID()]) {
      const outside = await createPlayer(headers, { parentId });
      expect([outside.statusCode, outside.json().code]).toEqual([404, 'ACCOUNT_NOT_FOUND']);
    }
    const byOwner = await createPlayer(t.ownerHeaders, { parentId: sibling.id, openingCredit: 5 });
    expect(byOwner.statusCode).toBe(201);
    expect([await cash(sibling.id), await cash(byOwner.json().player.id)]).toEqual([0n, 500n]);
    const players = await t.ctx.app.inject({ url: '/api/admin/players', headers });
    expect(players.statusCode).toBe(404);
  });
});
