import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { auditLedger, readPlayerBalances } from '../wallet/index.ts';
import { agentsClient, AGENT_PASSWORD, signInAgent } from './agents-test-kit.ts';

let ctx: TestContext;
let owner: ReturnType<typeof agentsClient>;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = agentsClient(ctx, bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password)));
});
afterAll(async () => {
  // Chips are never created or lost: every opening transfer balanced.
  expect(await auditLedger(ctx.deps.db)).toEqual([]);
  await ctx.close();
});

const cash = async (id: string) => (await readPlayerBalances(ctx.deps.db, id))?.cashMinor;

describe('creating agents', () => {
  it('puts the owner’s agent at the top with chips issued by the house, and signs it in', async () => {
    const agent = await owner.createOk({ sharePercent: 80, creditReference: '1000', openingChips: 500 });
    expect(agent).toMatchObject({ parentId: null, level: 1, sharePercent: 80, creditReference: '1000.00' });
    expect(agent.balance).toBe('500.00');
    const me = await ctx.app.inject({ url: '/api/me', headers: await signInAgent(ctx, agent) });
    expect(me.json()).toMatchObject({
      user: { role: 'agent', email: agent.email },
      agent: { id: agent.id, level: 1, sharePercent: 80 },
    });
    const ownerMe = await ctx.app.inject({
      url: '/api/me',
      headers: bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password)),
    });
    expect(ownerMe.json().agent).toBeUndefined();
  });

  it('puts an agent’s child under it one level down, its chips from the parent’s balance', async () => {
    const parent = await owner.createOk({ sharePercent: 70, openingChips: 500 });
    const asParent = agentsClient(ctx, await signInAgent(ctx, parent));
    const child = await asParent.createOk({ sharePercent: 60.5, openingChips: '200.25' });
    expect(child).toMatchObject({ parentId: parent.id, level: 2, sharePercent: 60.5, balance: '200.25' });
    expect(await cash(parent.id)).toBe(29_975n);
    const grandchild = await asParent.createOk({ parentId: child.id, sharePercent: 10 });
    expect(grandchild).toMatchObject({ parentId: child.id, level: 3, creditReference: '0.00' });
  });

  it('refuses a share above the parent’s, or outside 0–100', async () => {
    const parent = await owner.createOk({ sharePercent: 50 });
    const asParent = agentsClient(ctx, await signInAgent(ctx, parent));
    const above = await asParent.attempt({ sharePercent: 50.01 });
    expect(above.statusCode).toBe(409);
    expect(above.json().code).toBe('SHARE_ABOVE_PARENT');
    for (const sharePercent of [101, -1, 12.345]) {
      const refused = await owner.attempt({ sharePercent });
      expect(refused.statusCode, String(sharePercent)).toBe(400);
    }
  });

  it('refuses a seventh level', async () => {
    let parentId: string | undefined;
    for (let level = 1; level <= 6; level += 1) {
      const agent = await owner.createOk({ sharePercent: 50, ...(parentId ? { parentId } : {}) });
      expect(agent.level).toBe(level);
      parentId = agent.id;
    }
    const deeper = await owner.attempt({ parentId, sharePercent: 1 });
    expect(deeper.statusCode).toBe(409);
    expect(deeper.json().code).toBe('DEPTH_LIMIT_REACHED');
  });

  it('answers 404 for a parent outside the agent’s subtree, and creates nothing there', async () => {
    const agent = await owner.createOk({ sharePercent: 50 });
    const sibling = await owner.createOk({ sharePercent: 50 });
    const asAgent = agentsClient(ctx, await signInAgent(ctx, agent));
    for (const parentId of [sibling.id, randomUUID()]) {
      const refused = await asAgent.attempt({ parentId, sharePercent: 1 });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('ACCOUNT_NOT_FOUND');
    }
    expect((await owner.downline(`?accountId=${sibling.id}`)).json().items).toEqual([]);
  });

  it('answers EMAIL_TAKEN for an email of another subtree as for its own, and tells nothing more', async () => {
    const agent = await owner.createOk({ sharePercent: 50, openingChips: 100 });
    const sibling = await owner.createOk({ sharePercent: 50 });
    const asAgent = agentsClient(ctx, await signInAgent(ctx, agent));
    const own = await asAgent.createOk({ sharePercent: 10 });
    for (const email of [sibling.email, own.email]) {
      const refused = await asAgent.create({
        email,
        password: AGENT_PASSWORD,
        name: 'Copy',
        sharePercent: 1,
      });
      expect([refused.statusCode, refused.json()]).toEqual([
        409,
        { code: 'EMAIL_TAKEN', message: expect.not.stringContaining(sibling.id) },
      ]);
    }
    expect((await owner.downline(`?accountId=${sibling.id}`)).json().items).toEqual([]);
    expect((await asAgent.downline()).json().items).toHaveLength(1);
    expect(await cash(agent.id)).toBe(10_000n);
  });

  it('refuses the whole creation when the chips exceed the parent’s free balance', async () => {
    const parent = await owner.createOk({ sharePercent: 50, openingChips: 100 });
    const asParent = agentsClient(ctx, await signInAgent(ctx, parent));
    const email = `short-${randomUUID().slice(0, 6)}@agents.local`;
    const payload = { email, password: AGENT_PASSWORD, name: 'Short', sharePercent: 10 };
    const refused = await asParent.create({ ...payload, openingChips: '100.01' });
    // As the cash desk answers a withdrawal beyond the balance.
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await cash(parent.id)).toBe(10_000n);
    expect((await asParent.downline()).json().items).toEqual([]);
    // Nothing was left behind: the same email is free.
    const created = await asParent.create({ ...payload, openingChips: 100 });
    expect(created.statusCode).toBe(201);
    expect(await cash(parent.id)).toBe(0n);
  });

  it('lets only the owner of the staff create agents, and audits each creation', async () => {
    const email = `trader-${randomUUID().slice(0, 6)}@staff.local`;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password)),
      payload: { email, password: 'staff-password', name: 'T', role: 'trader' },
    });
    const trader = agentsClient(ctx, bearer(await loginAs(ctx.app, email, 'staff-password')));
    const refused = await trader.attempt({ sharePercent: 1 });
    expect(refused.statusCode).toBe(403);
    const agent = await owner.createOk({ sharePercent: 5, openingChips: 1 });
    const [entry] = await ctx.deps.db.query<{ action: string; after: { openingChips: string } }>(
      `SELECT action, after FROM audit_log WHERE target = $1`,
      [`agent:${agent.id}`],
    );
    expect(entry).toMatchObject({ action: 'agent create', after: { openingChips: '1.00' } });
  });
});
