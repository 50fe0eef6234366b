import { beforeAll, describe, expect, it } from 'vitest';
import type { OperatorMarket } from '../../test/operator-market.ts';
import { AdmissionGate } from '../admission/index.ts';
import { standingReadsWith } from '../protection/index.ts';
import { useAgentsTest } from './agents-test-kit.ts';
import { limitsKit, outsideCalls } from './limits-test-kit.ts';
import { readSubtreeExposures, TREE_STANDING } from './tree-standing.ts';

/** Event locks by agents (docs/decisions/0300): every market of the event, for the subtree only. */

const suite = useAgentsTest();
const { family, back, event } = limitsKit(suite);
let eventId: string;
/** Two markets of the locked event, and one of another event. */
let first: OperatorMarket;
let second: OperatorMarket;
let elsewhere: OperatorMarket;

beforeAll(async () => {
  const locked = await event('football', 2);
  eventId = locked.eventId;
  [first, second] = locked.markets as [OperatorMarket, OperatorMarket];
  elsewhere = (await event('football')).markets[0]!;
});

/** A 10.00 back on each market of the event and on the other event's. */
const backs = (playerId: string) =>
  Promise.all([first, second, elsewhere].map((on) => back(playerId, 10, on)));
const OPEN = ['ADMITTED', 'ADMITTED', 'ADMITTED'];
const LOCKED = ['MARKET_LOCKED_BY_AGENT', 'MARKET_LOCKED_BY_AGENT', 'ADMITTED'];

describe('event locks by agents', () => {
  it('refuses each market of the event below the locked account only; a lock higher up outlives a lower unlock', async () => {
    const { master, asMaster, child, player, cousin } = await family();
    // Both standings are held by the gate now: the lock reaches it over the bus.
    expect(await backs(player)).toEqual(OPEN);
    expect(await backs(cousin)).toEqual(OPEN);
    const lock = (accountId: string, locked: boolean) => asMaster.lockEvent(eventId, { accountId, locked });
    const locked = await lock(child.id, true);
    expect([locked.statusCode, locked.json()]).toEqual([200, { eventId, accountId: child.id, locked: true }]);
    expect(await backs(player)).toEqual(LOCKED);
    expect(await backs(cousin)).toEqual(OPEN);

    expect((await lock(master.id, true)).statusCode).toBe(200);
    expect((await lock(child.id, false)).json()).toEqual({ eventId, accountId: child.id, locked: false });
    expect(await backs(player)).toEqual(LOCKED);
    expect(await backs(cousin)).toEqual(LOCKED);
    expect((await lock(master.id, false)).statusCode).toBe(200);
    expect(await backs(player)).toEqual(OPEN);
    expect(await backs(cousin)).toEqual(OPEN);

    const audit = await suite.ctx.deps.db.query<{ after: { accountId: string; locked: boolean } }>(
      `SELECT after FROM audit_log WHERE action = 'event lock' AND target = $1 ORDER BY id`,
      [`event:${eventId}`],
    );
    expect(audit.map((row) => row.after)).toEqual([
      { accountId: child.id, locked: true },
      { accountId: master.id, locked: true },
      { accountId: child.id, locked: false },
      { accountId: master.id, locked: false },
    ]);
  });

  it("locks one player's event, and answers 404 outside the caller's subtree or for no event", async () => {
    const relatives = await family();
    const { asChild, child, player } = relatives;
    expect((await asChild.lockEvent(eventId, { accountId: player, locked: true })).statusCode).toBe(200);
    expect(await backs(player)).toEqual(LOCKED);
    for (const [caller, accountId] of outsideCalls(relatives)) {
      const answer = await caller.lockEvent(eventId, { accountId, locked: false });
      expect([answer.statusCode, answer.json().code]).toEqual([404, 'ACCOUNT_NOT_FOUND']);
    }
    const unknown = await asChild.lockEvent('no-such-event', { accountId: child.id, locked: true });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'UNKNOWN_EVENT']);
    expect(await backs(player)).toEqual(LOCKED);
    expect((await suite.owner.lockEvent(eventId, { accountId: player, locked: false })).statusCode).toBe(200);
    expect(await backs(player)).toEqual(OPEN);
  });

  it("reads the account's own locks on a market and its event for the console", async () => {
    const { master, asMaster, child, asChild } = await family();
    const read = async (client: typeof asMaster, query = '') =>
      (await client.marketLocks(first.id, query)).json<Record<string, unknown>>();
    expect((await asMaster.lockEvent(eventId, { accountId: master.id, locked: true })).statusCode).toBe(200);
    expect((await asMaster.lockMarket(first.id, { accountId: child.id, locked: true })).statusCode).toBe(200);
    const own = { marketId: first.id, eventId };
    expect(await read(asMaster)).toEqual({
      ...own,
      accountId: master.id,
      marketLocked: false,
      eventLocked: true,
    });
    expect(await read(asMaster, `?accountId=${child.id}`)).toEqual({
      ...own,
      accountId: child.id,
      marketLocked: true,
      eventLocked: false,
    });
    expect((await asChild.marketLocks(first.id, `?accountId=${master.id}`)).statusCode).toBe(404);
    const staffWithout = await suite.owner.marketLocks(first.id);
    expect([staffWithout.statusCode, staffWithout.json().code]).toEqual([400, 'ACCOUNT_REQUIRED']);
    const unknown = await asMaster.marketLocks('9.999999');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'UNKNOWN_MARKET']);
    expect((await asMaster.lockEvent(eventId, { accountId: master.id, locked: false })).statusCode).toBe(200);
  });

  it("tells another instance's gate over the bus, which then refuses from memory", async () => {
    const { asMaster, child, player } = await family();
    const reads = { ...standingReadsWith(TREE_STANDING), subtreeExposures: readSubtreeExposures };
    const other = new AdmissionGate(suite.ctx.deps.db, reads, suite.ctx.deps.bus);
    const stake = { amountMinor: 1_000n, stake: { kind: 'stake', stakeMinor: 1_000n } } as const;
    const admit = async (on: OperatorMarket) => {
      await other.prepare(player);
      const admission = other.admit(player, { ...stake, marketId: on.id, eventId, sport: 'football' });
      return admission.ok ? 'ADMITTED' : admission.code;
    };
    expect(await admit(second)).toBe('ADMITTED');
    expect((await asMaster.lockEvent(eventId, { accountId: child.id, locked: true })).statusCode).toBe(200);
    await expect.poll(() => admit(second)).toBe('MARKET_LOCKED_BY_AGENT');
    expect((await asMaster.lockEvent(eventId, { accountId: child.id, locked: false })).statusCode).toBe(200);
    await expect.poll(() => admit(second)).toBe('ADMITTED');
  });
});

describe('event locks by staff', () => {
  it('lets the owner lock an agent’s event, and answers the same for a repeated lock', async () => {
    const { master, player } = await family();
    for (let time = 0; time < 2; time += 1)
      expect((await suite.owner.lockEvent(eventId, { accountId: master.id, locked: true })).json()).toEqual({
        eventId,
        accountId: master.id,
        locked: true,
      });
    expect(await back(player, 10, first)).toBe('MARKET_LOCKED_BY_AGENT');
    expect((await suite.owner.lockEvent(eventId, { accountId: master.id, locked: false })).statusCode).toBe(
      200,
    );
    expect(await back(player, 10, first)).toBe('ADMITTED');
  });
});
