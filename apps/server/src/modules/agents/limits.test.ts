import { randomUUID } from 'node:crypto';
import type { Agent } from '@backlay/contracts';
import { tickOfDecimalOdds } from '@backlay/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorMarket, type OperatorMarket } from '../../test/operator-market.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { agentsClient, signInAgent, type AgentsClient } from './agents-test-kit.ts';

/** Limits and market locks set by agents, judged by the admission gate (docs/decisions/0292). */

type Headers = Record<string, string>;
type Answer = { ok: true } | { ok: false; code: string; message?: string };

let ctx: TestContext;
let admin: Headers;
let owner: AgentsClient;
let market: OperatorMarket;
let otherMarket: OperatorMarket;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  owner = agentsClient(ctx, admin);
  market = await createOperatorMarket(ctx, admin, { minStake: '1.00' });
  otherMarket = await createOperatorMarket(ctx, admin, { minStake: '1.00' });
});
afterAll(() => ctx.close());

/** A player with 1,500.00 of credit under `parent`, created by `headers`' caller. */
async function playerUnder(headers: Headers, parent: Agent): Promise<string> {
  const email = `limits-${randomUUID().slice(0, 8)}@agents.local`;
  const payload = {
    email,
    password: 'player-password',
    name: 'Pat',
    parentId: parent.id,
    openingCredit: 1_500,
  };
  const created = await ctx.app.inject({ method: 'POST', url: '/api/admin/players', headers, payload });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ player: { id: string } }>().player.id;
}

/**
 * A master with two child agents, `child` and `sibling`, each with a player: `player` is the master's
 * grandchild under `child`, `cousin` its grandchild under `sibling`.
 */
async function family() {
  const master = await owner.createOk({ sharePercent: 80, openingChips: 10_000 });
  const masterHeaders = await signInAgent(ctx, master);
  const asMaster = agentsClient(ctx, masterHeaders);
  const child = await asMaster.createOk({ sharePercent: 50, openingChips: 3_000 });
  const sibling = await asMaster.createOk({ sharePercent: 50, openingChips: 3_000 });
  const asChild = agentsClient(ctx, await signInAgent(ctx, child));
  const asSibling = agentsClient(ctx, await signInAgent(ctx, sibling));
  return {
    master,
    asMaster,
    child,
    asChild,
    sibling,
    asSibling,
    player: await playerUnder(masterHeaders, child),
    cousin: await playerUnder(masterHeaders, sibling),
  };
}

/** A back of `stake` (major units) at 2.00 that rests unmatched, holding its stake. */
async function place(playerId: string, stake: number, on: OperatorMarket = market): Promise<Answer> {
  const tick = tickOfDecimalOdds('2.00');
  if (!tick.ok) throw new Error('no tick');
  return (await ctx.deps.exchange.run(on.id, {
    type: 'place',
    playerId,
    betId: randomUUID(),
    clientRef: randomUUID(),
    runnerId: on.runners[0]!.id,
    stakeMinor: String(stake * 100),
    side: 'BACK',
    priceTick: tick.value,
    persistence: 'LAPSE',
    fingerprint: randomUUID(),
  })) as Answer;
}

/** The back's code, or ADMITTED. */
async function back(playerId: string, stake: number, on: OperatorMarket = market): Promise<string> {
  const answer = await place(playerId, stake, on);
  return answer.ok ? 'ADMITTED' : answer.code;
}

describe('limits set by agents', () => {
  it("holds a grandchild's stake to the least maximum of the agents above it", async () => {
    const { master, asMaster, child, player } = await family();
    expect(await back(player, 60)).toBe('ADMITTED');
    expect((await owner.update(master.id, { maxStake: '50.00' })).statusCode).toBe(200);
    expect(await back(player, 60)).toBe('STAKE_ABOVE_PLAYER_LIMIT');
    expect(await back(player, 50)).toBe('ADMITTED');
    const above = await asMaster.update(child.id, { maxStake: '50.01' });
    expect([above.statusCode, above.json().code]).toEqual([409, 'MAX_STAKE_ABOVE_PARENT']);
    expect((await asMaster.update(child.id, { maxStake: '20.00' })).statusCode).toBe(200);
    expect(await back(player, 21)).toBe('STAKE_ABOVE_PLAYER_LIMIT');
    expect((await owner.update(master.id, { maxStake: null })).statusCode).toBe(200);
    expect((await asMaster.update(child.id, { maxStake: null })).statusCode).toBe(200);
    expect(await back(player, 60)).toBe('ADMITTED');
  });

  it("refuses a stake that would take an agent's whole subtree past its exposure limit", async () => {
    const { master, player, cousin } = await family();
    expect((await owner.update(master.id, { exposureLimit: '100.00' })).statusCode).toBe(200);
    expect(await back(player, 60)).toBe('ADMITTED');
    // The cousin sits in the same subtree under another agent: 60.00 of its room is gone.
    expect(await back(cousin, 50)).toBe('EXPOSURE_LIMIT_REACHED');
    expect(await back(cousin, 40)).toBe('ADMITTED');
    expect(await back(player, 1)).toBe('EXPOSURE_LIMIT_REACHED');
    expect((await owner.update(master.id, { exposureLimit: '200.00' })).statusCode).toBe(200);
    expect(await back(player, 100)).toBe('ADMITTED');
  });

  it("refuses a stake past the player's own exposure limit, with what it still allows", async () => {
    const { asChild, player, cousin } = await family();
    expect((await asChild.update(player, { exposureLimit: '80.00' })).statusCode).toBe(200);
    expect(await back(player, 50)).toBe('ADMITTED');
    const refused = await place(player, 40);
    expect(refused).toMatchObject({ ok: false, code: 'EXPOSURE_LIMIT_REACHED' });
    expect(!refused.ok && refused.message).toContain('added exposure of 30.00 at most now');
    expect(await back(player, 30)).toBe('ADMITTED');
    expect(await back(cousin, 500)).toBe('ADMITTED');
  });
});

describe('market locks by agents', () => {
  it('refuses stakes on the market below the locked account only, until it is unlocked', async () => {
    const { master, asMaster, child, player, cousin } = await family();
    const locked = await asMaster.lockMarket(market.id, { accountId: child.id, locked: true });
    expect([locked.statusCode, locked.json()]).toEqual([
      200,
      { marketId: market.id, accountId: child.id, locked: true },
    ]);
    expect(await back(player, 10)).toBe('MARKET_LOCKED_BY_AGENT');
    expect(await back(player, 10, otherMarket)).toBe('ADMITTED');
    expect(await back(cousin, 10)).toBe('ADMITTED');
    // A lock on the master's own subtree holds while the child's is lifted.
    expect((await asMaster.lockMarket(market.id, { accountId: master.id, locked: true })).statusCode).toBe(
      200,
    );
    expect((await asMaster.lockMarket(market.id, { accountId: child.id, locked: false })).statusCode).toBe(
      200,
    );
    expect(await back(player, 10)).toBe('MARKET_LOCKED_BY_AGENT');
    expect(await back(cousin, 10)).toBe('MARKET_LOCKED_BY_AGENT');
    expect((await asMaster.lockMarket(market.id, { accountId: master.id, locked: false })).statusCode).toBe(
      200,
    );
    expect(await back(player, 10)).toBe('ADMITTED');
    const audit = await ctx.deps.db.query<{ after: { accountId: string; locked: boolean } }>(
      `SELECT after FROM audit_log WHERE action = 'market lock' AND target = $1 ORDER BY id`,
      [`market:${market.id}`],
    );
    expect(audit.map((row) => row.after.locked)).toEqual([true, true, false, false]);
  });

  it("locks one player's market, and answers 404 outside the caller's subtree or for no market", async () => {
    const { master, asChild, asSibling, child, player } = await family();
    expect((await asChild.lockMarket(market.id, { accountId: player, locked: true })).statusCode).toBe(200);
    expect(await back(player, 10)).toBe('MARKET_LOCKED_BY_AGENT');
    for (const [caller, accountId] of [
      [asSibling, player],
      [asSibling, child.id],
      [asChild, master.id],
      [asChild, randomUUID()],
    ] as const) {
      const answer = await caller.lockMarket(market.id, { accountId, locked: false });
      expect([answer.statusCode, answer.json().code]).toEqual([404, 'ACCOUNT_NOT_FOUND']);
    }
    const unknown = await asChild.lockMarket('9.999999', { accountId: child.id, locked: true });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'UNKNOWN_MARKET']);
    expect(await back(player, 10)).toBe('MARKET_LOCKED_BY_AGENT');
    expect((await owner.lockMarket(market.id, { accountId: player, locked: false })).statusCode).toBe(200);
    expect(await back(player, 10)).toBe('ADMITTED');
  });
});
