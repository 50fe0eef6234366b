import { beforeAll, describe, expect, it } from 'vitest';
import { createOperatorMarket, type OperatorMarket } from '../../test/operator-market.ts';
import { AdmissionGate, SUBTREE_ADMITTED_TOPIC } from '../admission/index.ts';
import { standingReadsWith } from '../protection/index.ts';
import { useAgentsTest } from './agents-test-kit.ts';
import { readSubtreeExposures, TREE_STANDING } from './tree-standing.ts';
import { limitsKit, outsideCalls } from './limits-test-kit.ts';

/** Limits and market locks set by agents, judged by the admission gate (docs/decisions/0292). */

const suite = useAgentsTest();
const { family, place: placeOn, back: backOn } = limitsKit(suite);
let market: OperatorMarket;
let otherMarket: OperatorMarket;

beforeAll(async () => {
  market = await createOperatorMarket(suite.ctx, suite.ownerHeaders, { minStake: '1.00' });
  otherMarket = await createOperatorMarket(suite.ctx, suite.ownerHeaders, { minStake: '1.00' });
});

const place = (playerId: string, stake: number, on: OperatorMarket = market) => placeOn(playerId, stake, on);
const back = (playerId: string, stake: number, on: OperatorMarket = market) => backOn(playerId, stake, on);

describe('limits set by agents', () => {
  it("holds a grandchild's stake to the least maximum of the agents above it", async () => {
    const { master, asMaster, child, player } = await family();
    expect(await back(player, 60)).toBe('ADMITTED');
    expect((await suite.owner.update(master.id, { maxStake: '50.00' })).statusCode).toBe(200);
    expect(await back(player, 60)).toBe('STAKE_ABOVE_PLAYER_LIMIT');
    expect(await back(player, 50)).toBe('ADMITTED');
    const above = await asMaster.update(child.id, { maxStake: '50.01' });
    expect([above.statusCode, above.json().code]).toEqual([409, 'MAX_STAKE_ABOVE_PARENT']);
    expect((await asMaster.update(child.id, { maxStake: '20.00' })).statusCode).toBe(200);
    expect(await back(player, 21)).toBe('STAKE_ABOVE_PLAYER_LIMIT');
    expect((await suite.owner.update(master.id, { maxStake: null })).statusCode).toBe(200);
    expect((await asMaster.update(child.id, { maxStake: null })).statusCode).toBe(200);
    expect(await back(player, 60)).toBe('ADMITTED');
  });

  it("refuses a stake that would take an agent's whole subtree past its exposure limit", async () => {
    const { master, player, cousin } = await family();
    expect((await suite.owner.update(master.id, { exposureLimit: '100.00' })).statusCode).toBe(200);
    expect(await back(player, 60)).toBe('ADMITTED');
    // The cousin sits in the same subtree under another agent: 60.00 of its room is gone.
    expect(await back(cousin, 50)).toBe('EXPOSURE_LIMIT_REACHED');
    expect(await back(cousin, 40)).toBe('ADMITTED');
    expect(await back(player, 1)).toBe('EXPOSURE_LIMIT_REACHED');
    expect((await suite.owner.update(master.id, { exposureLimit: '200.00' })).statusCode).toBe(200);
    expect(await back(player, 100)).toBe('ADMITTED');
  });

  it("hears another instance's stakes under a limited agent before its own next read", async () => {
    const { master, player, cousin } = await family();
    expect((await suite.owner.update(master.id, { exposureLimit: '100.00' })).statusCode).toBe(200);
    // Another instance's gate, on a clock that never moves: it reads the subtrees once, then never again.
    const reads = { ...standingReadsWith(TREE_STANDING), subtreeExposures: readSubtreeExposures };
    const other = new AdmissionGate(suite.ctx.deps.db, reads, suite.ctx.deps.bus, () => 1_000_000);
    const admit = async (stakeMinor: bigint) => {
      await other.prepare(cousin);
      const request = { amountMinor: stakeMinor, stake: { kind: 'stake', stakeMinor } } as const;
      const admission = other.admit(cousin, {
        ...request,
        marketId: market.id,
        eventId: 'e',
        sport: 'football',
      });
      return admission.ok ? 'ADMITTED' : admission.code;
    };
    expect(await admit(0n)).toBe('ADMITTED');
    const heard = new Promise((resolve) => suite.ctx.deps.bus.subscribe(SUBTREE_ADMITTED_TOPIC, resolve));
    expect(await back(player, 60)).toBe('ADMITTED');
    await heard;
    expect(await admit(5_000n)).toBe('EXPOSURE_LIMIT_REACHED');
    expect(await admit(4_000n)).toBe('ADMITTED');
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
    const audit = await suite.ctx.deps.db.query<{ after: { accountId: string; locked: boolean } }>(
      `SELECT after FROM audit_log WHERE action = 'market lock' AND target = $1 ORDER BY id`,
      [`market:${market.id}`],
    );
    expect(audit.map((row) => row.after.locked)).toEqual([true, true, false, false]);
  });

  it("locks one player's market, and answers 404 outside the caller's subtree or for no market", async () => {
    const relatives = await family();
    const { asChild, child, player } = relatives;
    expect((await asChild.lockMarket(market.id, { accountId: player, locked: true })).statusCode).toBe(200);
    expect(await back(player, 10)).toBe('MARKET_LOCKED_BY_AGENT');
    for (const [caller, accountId] of outsideCalls(relatives)) {
      const answer = await caller.lockMarket(market.id, { accountId, locked: false });
      expect([answer.statusCode, answer.json().code]).toEqual([404, 'ACCOUNT_NOT_FOUND']);
    }
    const unknown = await asChild.lockMarket('9.999999', { accountId: child.id, locked: true });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'UNKNOWN_MARKET']);
    expect(await back(player, 10)).toBe('MARKET_LOCKED_BY_AGENT');
    expect((await suite.owner.lockMarket(market.id, { accountId: player, locked: false })).statusCode).toBe(
      200,
    );
    expect(await back(player, 10)).toBe('ADMITTED');
  });
});
