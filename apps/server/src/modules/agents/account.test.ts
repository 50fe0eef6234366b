import { randomUUID } from 'node:crypto';
import type { DownlineItem } from '@backlay/contracts';
import { describe, expect, it } from 'vitest';
import { cashDeskClient } from '../../test/cash-desk-client.ts';
import { agentFamily, agentsClient, useAgentsTest, signInAgent } from './agents-test-kit.ts';
import { assignPlayer } from './tree-repo.ts';

const t = useAgentsTest();

describe('a parent’s terms for its child', () => {
  it('sets credit reference, share and limits, answers the downline row and audits before and after', async () => {
    const { asParent, child } = await agentFamily(t.ctx, t.owner);
    const changed = await asParent.update(child.id, {
      creditReference: '1500',
      sharePercent: 60.25,
      exposureLimit: 5000,
      maxStake: '250.50',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<DownlineItem>()).toMatchObject({
      id: child.id,
      creditReference: '1500.00',
      sharePercent: 60.25,
      exposureLimit: '5000.00',
      maxStake: '250.50',
      pl: '-1500.00',
    });
    const [row] = (await asParent.downline()).json<{ items: DownlineItem[] }>().items;
    expect(row).toEqual(changed.json());
    const [entry] = await t.ctx.deps.db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE target = $1 AND action = 'account update'`,
      [`agent:${child.id}`],
    );
    expect(entry).toEqual({
      before: { creditReference: '0.00', share: 50, exposureLimit: null, maxStake: null },
      after: { creditReference: '1500.00', share: 60.25, exposureLimit: '5000.00', maxStake: '250.50' },
    });
  });

  it('refuses a share above the parent’s or below a child agent’s, changing nothing', async () => {
    const { asParent, child } = await agentFamily(t.ctx, t.owner);
    const above = await asParent.update(child.id, { sharePercent: 80.01, creditReference: 9 });
    expect([above.statusCode, above.json().code]).toEqual([409, 'SHARE_ABOVE_PARENT']);
    await agentsClient(t.ctx, await signInAgent(t.ctx, child)).createOk({ sharePercent: 40 });
    const below = await asParent.update(child.id, { sharePercent: 39.99 });
    expect([below.statusCode, below.json().code]).toEqual([409, 'SHARE_BELOW_CHILD']);
    const [row] = (await asParent.downline()).json<{ items: DownlineItem[] }>().items;
    expect(row).toMatchObject({ sharePercent: 50, creditReference: '0.00' });
    expect((await asParent.update(child.id, { sharePercent: 40 })).statusCode).toBe(200);
  });

  it('refuses limits above the parent’s own, or none when the parent has one', async () => {
    const { parent, child } = await agentFamily(t.ctx, t.owner);
    await t.owner.update(parent.id, { exposureLimit: 1000, maxStake: 100 });
    const asParent = agentsClient(t.ctx, await signInAgent(t.ctx, parent));
    const cases = [
      [{ exposureLimit: '1000.01' }, 'EXPOSURE_LIMIT_ABOVE_PARENT'],
      [{ exposureLimit: null }, 'EXPOSURE_LIMIT_ABOVE_PARENT'],
      [{ maxStake: 101 }, 'MAX_STAKE_ABOVE_PARENT'],
    ] as const;
    for (const [payload, code] of cases) {
      const refused = await asParent.update(child.id, { ...payload });
      expect([refused.statusCode, refused.json().code], JSON.stringify(payload)).toEqual([409, code]);
    }
    const within = await asParent.update(child.id, { exposureLimit: 1000, maxStake: 100 });
    expect(within.json<DownlineItem>()).toMatchObject({ exposureLimit: '1000.00', maxStake: '100.00' });
    for (const payload of [{}, { maxStake: 0 }, { sharePercent: 101 }, { other: 1 }]) {
      expect((await asParent.update(child.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('sets an agent’s player’s credit and limits; 409 for a grandchild, 404 outside the subtree', async () => {
    const { parent, asParent, child } = await agentFamily(t.ctx, t.owner);
    const desk = cashDeskClient(t.ctx, t.ownerHeaders);
    const player = await desk.createPlayer(`p-${randomUUID().slice(0, 6)}@players.local`);
    await assignPlayer(t.ctx.deps.db, player, parent.id);
    const set = await asParent.update(player, { creditReference: 50, exposureLimit: 20, maxStake: 5 });
    expect(set.json<DownlineItem>()).toMatchObject({
      kind: 'player',
      creditReference: '50.00',
      maxStake: '5.00',
    });
    const share = await asParent.update(player, { sharePercent: 1 });
    expect([share.statusCode, share.json().code]).toEqual([400, 'SHARE_FOR_AGENTS_ONLY']);
    const grandchild = await agentsClient(t.ctx, await signInAgent(t.ctx, child)).createOk({
      sharePercent: 1,
    });
    const deeper = await asParent.update(grandchild.id, { creditReference: 1 });
    expect([deeper.statusCode, deeper.json().code]).toEqual([409, 'NOT_DIRECT_CHILD']);
    const other = await agentFamily(t.ctx, t.owner);
    const housePlayer = await desk.createPlayer(`h-${randomUUID().slice(0, 6)}@players.local`);
    for (const id of [other.child.id, housePlayer, randomUUID()]) {
      const outside = await asParent.update(id, { creditReference: 1 });
      expect([outside.statusCode, outside.json().code], id).toEqual([404, 'ACCOUNT_NOT_FOUND']);
    }
    const houseCredit = await t.owner.update(housePlayer, { creditReference: 1 });
    expect([houseCredit.statusCode, houseCredit.json().code]).toEqual([409, 'NOT_UNDER_AN_AGENT']);
    expect((await t.owner.update(housePlayer, { maxStake: 7 })).json<DownlineItem>().maxStake).toBe('7.00');
  });
});
