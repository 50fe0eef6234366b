import { describe, expect, it } from 'vitest';
import { memoryJournal } from '../state/journal.ts';
import { CasinoStore } from '../state/store.ts';
import { FakePortal } from '../test/fake-portal.ts';
import { WalletOutbox } from './outbox.ts';
import { DEFAULT_RETRY_POLICY, retryDelayMs } from './retry-policy.ts';
import type { WalletPort } from './wallet-client.ts';

const TOKEN = 'token-of-player-one';

function setUp(
  options: { lines?: string[]; portal?: FakePortal; wallet?: WalletPort; clock?: { now: number } } = {},
) {
  const clock = options.clock ?? { now: 1_000_000 };
  const lines = options.lines ?? [];
  const portal = options.portal ?? new FakePortal({ [TOKEN]: '100.00' });
  const store = CasinoStore.open(memoryJournal(lines), { nowMs: () => clock.now, instance: 't' });
  const logged: string[] = [];
  const log = {
    warn: (_: object, m: string) => logged.push(m),
    error: (_: object, m: string) => logged.push(m),
  };
  const outbox = new WalletOutbox({ store, wallet: options.wallet ?? portal, nowMs: () => clock.now, log });
  return { clock, lines, portal, store, outbox, logged };
}

const call = (round: string, amount = '10.00') => ({
  transactionId: `${round}-bet`,
  token: TOKEN,
  roundId: round,
  gameId: '22001',
  amount,
});
const win = (round: string, amount: string) => ({
  ...call(round, amount),
  transactionId: `${round}-win`,
  referenceTransactionId: `${round}-bet`,
});

describe('WalletOutbox', () => {
  it('rolls back a bet whose answer timed out, even though the portal booked it', async () => {
    const { portal, outbox, store } = setUp();
    portal.failNext('timeout');
    expect(await outbox.bet(call('r1'))).toEqual({ ok: false, reason: 'unavailable' });
    await Promise.resolve();
    await outbox.runDue();
    expect(portal.callsOf('rollback')).toEqual([
      expect.objectContaining({
        transactionId: 'r1-rollback',
        referenceTransactionId: 'r1-bet',
        amount: '10.00',
      }),
    ]);
    expect(portal.balanceOf(TOKEN)).toBe('100.00');
    expect(store.unfinishedCalls()).toEqual([]);
  });

  it('also rolls back after RS_ERROR_UNKNOWN, and a refusal is final without a rollback', async () => {
    const { portal, outbox } = setUp();
    portal.failNext('unknown');
    expect(await outbox.bet(call('r1'))).toEqual({ ok: false, reason: 'unavailable' });
    await outbox.runDue();
    expect(portal.callsOf('rollback')).toHaveLength(1);
    const refused = await outbox.bet(call('r2', '500.00'));
    expect(refused).toMatchObject({
      ok: false,
      reason: 'refused',
      answer: { status: 'RS_ERROR_NOT_ENOUGH_MONEY' },
    });
    expect(portal.callsOf('rollback')).toHaveLength(1);
  });

  it('retries a win with doubling, capped backoff until the portal acknowledges it', async () => {
    const { portal, outbox, store, clock } = setUp();
    expect(await outbox.bet(call('r1'))).toMatchObject({ ok: true });
    store.commit([outbox.acknowledge('r1-bet'), outbox.pending('win', win('r1', '25.00'))]);
    portal.failNext('network', 'timeout', 'unknown');
    expect(await outbox.deliver('r1-win')).toBeNull();
    expect(store.call('r1-win')).toMatchObject({
      state: 'pending',
      attempts: 1,
      nextAttemptAtMs: clock.now + 1000,
    });
    await outbox.runDue();
    expect(portal.callsOf('win')).toHaveLength(1);
    clock.now += 1000;
    await outbox.runDue();
    expect(store.call('r1-win')).toMatchObject({ attempts: 2, nextAttemptAtMs: clock.now + 2000 });
    clock.now += 2000;
    await outbox.runDue();
    expect(store.call('r1-win')).toMatchObject({ attempts: 3, nextAttemptAtMs: clock.now + 4000 });
    clock.now += 4000;
    await outbox.runDue();
    expect(store.call('r1-win')).toBeUndefined();
    expect(portal.balanceOf(TOKEN)).toBe('115.00');
    const timestamps = portal.callsOf('win').map((body) => body.timestamp);
    expect(new Set(timestamps).size).toBe(timestamps.length);
    expect(retryDelayMs(DEFAULT_RETRY_POLICY, 30)).toBe(DEFAULT_RETRY_POLICY.maxDelayMs);
  });

  it('keeps retrying a pending win after a restart', async () => {
    const first = setUp();
    await first.outbox.bet(call('r1'));
    first.store.commit([first.outbox.acknowledge('r1-bet'), first.outbox.pending('win', win('r1', '30.00'))]);
    first.portal.failNext('network');
    await first.outbox.deliver('r1-win');
    const second = setUp({ lines: first.lines, portal: first.portal, clock: first.clock });
    expect(second.store.call('r1-win')).toMatchObject({ state: 'pending', attempts: 1 });
    second.clock.now += 1000;
    await second.outbox.runDue();
    expect(second.store.call('r1-win')).toBeUndefined();
    expect(first.portal.balanceOf(TOKEN)).toBe('120.00');
  });

  it('rolls back, after a restart, a bet that left without a recorded answer', async () => {
    const first = setUp();
    const never: WalletPort = { send: () => new Promise(() => undefined) };
    const hanging = setUp({ lines: first.lines, portal: first.portal, wallet: never, clock: first.clock });
    void hanging.outbox.bet(call('r9'));
    expect(hanging.store.call('r9-bet')).toMatchObject({ state: 'sent' });
    const restarted = setUp({ lines: first.lines, portal: first.portal, clock: first.clock });
    restarted.outbox.recover();
    await restarted.outbox.runDue();
    expect(first.portal.callsOf('rollback')).toEqual([
      expect.objectContaining({ transactionId: 'r9-rollback' }),
    ]);
    expect(restarted.store.unfinishedCalls()).toEqual([]);
  });

  it('stops retrying a refused win and gives up on one that outlives the retry window', async () => {
    const { outbox, store, clock, logged, portal } = setUp();
    store.commit([outbox.pending('win', win('ghost', '5.00'))]);
    await outbox.deliver('ghost-win');
    expect(store.call('ghost-win')).toBeUndefined();
    expect(logged).toContain('wallet call refused by the portal');
    await outbox.bet(call('r1'));
    store.commit([outbox.acknowledge('r1-bet'), outbox.pending('win', win('r1', '5.00'))]);
    portal.failNext('network');
    await outbox.deliver('r1-win');
    clock.now += DEFAULT_RETRY_POLICY.maxAgeMs;
    portal.failNext('network');
    await outbox.runDue();
    expect(store.call('r1-win')).toBeUndefined();
    expect(logged).toContain('wallet call given up after retrying');
  });
});
