import type { DownlineItem } from '@backlay/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperatorMarket } from '../../test/operator-market.ts';
import { useAgentsTest } from './agents-test-kit.ts';
import { limitsKit } from './limits-test-kit.ts';

/** Stake caps per sport set by agents (docs/decisions/0300), judged by the admission gate. */

const suite = useAgentsTest();
const { family, place, back, event } = limitsKit(suite);
let cricket: OperatorMarket;
let football: OperatorMarket;

beforeAll(async () => {
  cricket = (await event('cricket')).markets[0]!;
  football = (await event('football')).markets[0]!;
});

const codeOf = (answer: { statusCode: number; json: () => { code?: string } }) => [
  answer.statusCode,
  answer.json().code,
];

describe('stake caps per sport', () => {
  it("refuses a stake above its sport's least cap on the player's chain, and admits it on another sport", async () => {
    const { master, asMaster, child, player, cousin } = await family();
    // The gate holds the standing now: the caps reach it over the bus.
    expect(await back(player, 60, cricket)).toBe('ADMITTED');
    const capped = await suite.owner.update(master.id, { maxStakeBySport: { cricket: '50' } });
    expect([capped.statusCode, capped.json<DownlineItem>().maxStakeBySport]).toEqual([
      200,
      { cricket: '50.00' },
    ]);
    const refused = await place(player, 60, cricket);
    expect(refused).toMatchObject({ ok: false, code: 'STAKE_ABOVE_PLAYER_LIMIT' });
    expect(!refused.ok && refused.message).toContain('It is 50.00.');
    expect(await back(player, 60, football)).toBe('ADMITTED');
    expect(await back(player, 50, cricket)).toBe('ADMITTED');

    const above = await asMaster.update(child.id, { maxStakeBySport: { cricket: '50.01' } });
    expect(codeOf(above)).toEqual([409, 'MAX_STAKE_ABOVE_PARENT']);
    const lower = await asMaster.update(child.id, { maxStakeBySport: { cricket: '20.00', football: '30' } });
    expect(lower.json<DownlineItem>().maxStakeBySport).toEqual({ cricket: '20.00', football: '30.00' });
    expect(await back(player, 21, cricket)).toBe('STAKE_ABOVE_PLAYER_LIMIT');
    expect(await back(player, 31, football)).toBe('STAKE_ABOVE_PLAYER_LIMIT');
    // The sibling's subtree keeps the master's cap only.
    expect(await back(cousin, 50, cricket)).toBe('ADMITTED');
    expect(await back(cousin, 60, football)).toBe('ADMITTED');

    // Without a cap of the parent's for football, removing the child's is allowed; for cricket it is not.
    expect(codeOf(await asMaster.update(child.id, { maxStakeBySport: { cricket: null } }))).toEqual([
      409,
      'MAX_STAKE_ABOVE_PARENT',
    ]);
    const removed = await asMaster.update(child.id, { maxStakeBySport: { football: null } });
    expect(removed.json<DownlineItem>().maxStakeBySport).toEqual({ cricket: '20.00' });
    expect(await back(player, 60, football)).toBe('ADMITTED');
    const listed = (await asMaster.downline()).json<{ items: DownlineItem[] }>().items;
    expect(listed.find((item) => item.id === child.id)?.maxStakeBySport).toEqual({ cricket: '20.00' });

    const audit = await suite.ctx.deps.db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE action = 'account update' AND target = $1 ORDER BY id`,
      [`agent:${child.id}`],
    );
    expect(audit.at(-1)).toEqual({
      before: { maxStakeBySport: { football: '30.00' } },
      after: { maxStakeBySport: { football: null } },
    });
  });

  it("holds a sport's cap to the parent's general maximum, and takes a player's own", async () => {
    const { master, asMaster, child, asChild, player } = await family();
    expect((await suite.owner.update(master.id, { maxStake: '100.00' })).statusCode).toBe(200);
    const above = await asMaster.update(child.id, { maxStake: '100', maxStakeBySport: { tennis: '100.01' } });
    expect(codeOf(above)).toEqual([409, 'MAX_STAKE_ABOVE_PARENT']);
    expect(above.json<{ message: string }>().message).toContain('tennis');
    // Nothing of a refused change is applied.
    const downline = (await asMaster.downline()).json<{ items: DownlineItem[] }>().items;
    expect(downline.find((item) => item.id === child.id)).toMatchObject({
      maxStake: null,
      maxStakeBySport: {},
    });

    expect(await back(player, 10, football)).toBe('ADMITTED');
    const own = await asChild.update(player, { maxStakeBySport: { football: '5.00' } });
    expect(own.json<DownlineItem>().maxStakeBySport).toEqual({ football: '5.00' });
    expect(await back(player, 6, football)).toBe('STAKE_ABOVE_PLAYER_LIMIT');
    expect(await back(player, 6, cricket)).toBe('ADMITTED');
    expect((await suite.owner.update(master.id, { maxStake: null })).statusCode).toBe(200);
  });

  it('answers 400 for a sport that does not exist or an amount that is not one, changing nothing', async () => {
    const { asMaster, child } = await family();
    const unknown = await asMaster.update(child.id, { maxStakeBySport: { cricket: '5', quidditch: '5' } });
    expect(codeOf(unknown)).toEqual([400, 'UNKNOWN_SPORT']);
    for (const amount of ['0', '-1', 'ten', '1.001'])
      expect((await asMaster.update(child.id, { maxStakeBySport: { cricket: amount } })).statusCode).toBe(
        400,
      );
    const downline = (await asMaster.downline()).json<{ items: DownlineItem[] }>().items;
    expect(downline.find((item) => item.id === child.id)?.maxStakeBySport).toEqual({});
  });
});
