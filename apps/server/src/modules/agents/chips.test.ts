import { randomUUID } from 'node:crypto';
import type { Agent, DownlineItem } from '@backlay/contracts';
import { describe, expect, it } from 'vitest';
import { cashDeskClient } from '../../test/cash-desk-client.ts';
import { bearer, loginAs } from '../../test/test-app.ts';
import { readPlayerBalances, readStatement } from '../wallet/index.ts';
import { agentFamily, agentsClient, useAgentsTest, signInAgent } from './agents-test-kit.ts';

const t = useAgentsTest();

const cash = async (id: string) => (await readPlayerBalances(t.ctx.deps.db, id))?.cashMinor ?? 0n;

async function statementRemarks(id: string): Promise<string[]> {
  const filter = { playerId: id, startMs: 0, endExclusiveMs: Date.now() + 60_000, page: 1, pageSize: 50 };
  const { items } = await readStatement(t.ctx.deps.db, { ...filter, type: 'all' });
  return items.map((item) => `${item.remark} ${item.credit}/${item.debit} pts ${item.pts}`);
}

describe('chips in and out', () => {
  it('gives a child chips from the parent’s balance and takes them back, on both statements', async () => {
    const { parent, asParent, child } = await agentFamily(t.ctx, t.owner, 100);
    const given = await asParent.chips(child.id, { direction: 'in', amount: '40.50', remark: 'float' });
    expect(given.statusCode, given.body).toBe(200);
    const row = given.json<DownlineItem>();
    expect([row.id, row.kind, row.level, row.balance]).toEqual([child.id, 'agent', 2, '40.50']);
    const taken = await asParent.chips(child.id, { direction: 'out', amount: 10 });
    expect(taken.json<DownlineItem>()).toMatchObject({ balance: '30.50', available: '30.50' });
    expect(await cash(parent.id)).toBe(6_950n);
    expect(await statementRemarks(child.id)).toEqual([
      'Chips out 0.00/10.00 pts 30.50',
      'Chips in: float 40.50/0.00 pts 40.50',
    ]);
    expect((await statementRemarks(parent.id)).slice(0, 2)).toEqual([
      'Chips out 10.00/0.00 pts 69.50',
      'Chips in: float 0.00/40.50 pts 59.50',
    ]);
    const entries = await t.ctx.deps.db.query<{ action: string; after: { amount: string } }>(
      `SELECT action, after FROM audit_log WHERE target = $1 ORDER BY id`,
      [`agent:${child.id}`],
    );
    expect(entries.map((entry) => [entry.action, entry.after.amount])).toEqual([
      ['agent create', undefined],
      ['chips in', '40.50'],
      ['chips out', '10.00'],
    ]);
  });

  it('refuses more than the giver’s free balance whole, leaving both balances as they were', async () => {
    const { parent, asParent, child } = await agentFamily(t.ctx, t.owner, 20);
    const over = await asParent.chips(child.id, { direction: 'in', amount: '20.01' });
    expect(over.statusCode).toBe(422);
    expect(over.json().code).toBe('INSUFFICIENT_FUNDS');
    await asParent.chips(child.id, { direction: 'in', amount: 5 });
    const back = await asParent.chips(child.id, { direction: 'out', amount: '5.01' });
    expect(back.statusCode).toBe(422);
    expect(back.json().code).toBe('INSUFFICIENT_FUNDS');
    expect([await cash(parent.id), await cash(child.id)]).toEqual([1_500n, 500n]);
    const audited = await t.ctx.deps.db.query(
      `SELECT 1 FROM audit_log WHERE target = $1 AND action LIKE 'chips%'`,
      [`agent:${child.id}`],
    );
    expect(audited).toHaveLength(1);
    for (const amount of [0, -1, '1.001', 'ten']) {
      const refused = await asParent.chips(child.id, { direction: 'in', amount });
      expect(refused.statusCode, String(amount)).toBe(400);
    }
  });

  it('never overdraws the parent under 50 concurrent transfers', async () => {
    const { parent, asParent, child } = await agentFamily(t.ctx, t.owner, 10);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => asParent.chips(child.id, { direction: 'in', amount: 1 })),
    );
    const elapsedMs = performance.now() - started;
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 422)).toHaveLength(40);
    expect([await cash(parent.id), await cash(child.id)]).toEqual([0n, 1_000n]);
    console.info(`50 concurrent chips transfers: ${elapsedMs.toFixed(0)} ms`);
  });

  it('moves chips only to a direct child: 409 for a grandchild, 404 outside the subtree', async () => {
    const { asParent, child } = await agentFamily(t.ctx, t.owner, 10);
    const asChild = agentsClient(t.ctx, await signInAgent(t.ctx, child));
    const grandchild = await asChild.createOk({ sharePercent: 10 });
    const deeper = await asParent.chips(grandchild.id, { direction: 'in', amount: 1 });
    expect(deeper.statusCode).toBe(409);
    expect(deeper.json().code).toBe('NOT_DIRECT_CHILD');
    const other = await agentFamily(t.ctx, t.owner, 10);
    for (const id of [other.child.id, other.parent.id, randomUUID()]) {
      const outside = await asParent.chips(id, { direction: 'in', amount: 1 });
      expect(outside.statusCode, id).toBe(404);
      expect(outside.json().code).toBe('ACCOUNT_NOT_FOUND');
    }
    const upward = await asChild.chips(child.id, { direction: 'out', amount: 1 });
    expect(upward.json().code).toBe('NOT_DIRECT_CHILD');
    const owners = await t.owner.chips(child.id, { direction: 'in', amount: 1 });
    expect(owners.statusCode).toBe(409);
    expect(await cash(other.child.id)).toBe(0n);
  });

  it('issues the owner’s chips to a top-level agent or a house player from the house', async () => {
    const top: Agent = await t.owner.createOk({ sharePercent: 50 });
    const given = await t.owner.chips(top.id, { direction: 'in', amount: 300 });
    expect(given.json<DownlineItem>()).toMatchObject({ id: top.id, level: 1, balance: '300.00' });
    const desk = cashDeskClient(t.ctx, t.ownerHeaders);
    const player = await desk.createPlayer(`house-${randomUUID().slice(0, 6)}@players.local`);
    const toPlayer = await t.owner.chips(player, { direction: 'in', amount: 25 });
    expect(toPlayer.json<DownlineItem>()).toMatchObject({
      id: player,
      kind: 'player',
      level: 1,
      balance: '25.00',
    });
    const back = await t.owner.chips(player, { direction: 'out', amount: 5 });
    expect(back.json<DownlineItem>().balance).toBe('20.00');
  });

  it('lets no staff role but the owner move chips', async () => {
    const email = `support-${randomUUID().slice(0, 6)}@staff.local`;
    const payload = { email, password: 'staff-password', name: 'S', role: 'support' };
    await t.ctx.app.inject({ method: 'POST', url: '/api/admin/staff', headers: t.ownerHeaders, payload });
    const support = agentsClient(t.ctx, bearer(await loginAs(t.ctx.app, email, 'staff-password')));
    const top = await t.owner.createOk({ sharePercent: 50 });
    expect((await support.chips(top.id, { direction: 'in', amount: 1 })).statusCode).toBe(403);
    expect(await cash(top.id)).toBe(0n);
  });
});
