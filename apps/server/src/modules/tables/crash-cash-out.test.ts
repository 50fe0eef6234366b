import { crashCashOutResponseSchema } from '@backlay/contracts';
import { sha256Hex } from '@backlay/fair';
import { elapsedToReach } from '@backlay/tables';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { balanceTopic } from '../wallet/index.ts';
import { nextAutoCashOutMs } from './crash-cash-out.ts';
import type { CrashUnit } from './crash-loop.ts';
import type { CrashBetRow } from './crash-repo.ts';
import { crashDriver } from './crash-testing.ts';
import { startTablesApp, TestClock, type TablesTestApp } from './testing.ts';

let counter = 0;
const seededHex = (bytes: number) => sha256Hex(`crash-cash-out-${counter++}`).slice(0, bytes * 2);

let t: TablesTestApp;
beforeAll(async () => {
  t = await startTablesApp(new TestClock(), undefined, seededHex);
});
afterAll(() => t.close());

const crash = crashDriver(() => t);

/** What the round paid its players, house → cash under its reference (keys stored with `#0`). */
async function paidOut(roundId: number): Promise<{ key: string; amount: string }[]> {
  return t.deps.db.query(
    `SELECT idempotency_key AS key, amount_minor::text AS amount FROM transfers
      WHERE reference = $1 AND kind = 'CASINO_WIN' ORDER BY id`,
    [`table:crash:${roundId}`],
  );
}

/** A player with 1,000.00, and a round crashing at 2.00x or above that has taken off (at 1.10x now). */
async function flyingRound() {
  const player = await t.newPlayer('1000');
  const round = await crash.roundCrashingAbove(200, player.headers);
  const startMs = Date.parse(round.closesAt);
  const bet = async (payload: Record<string, unknown>) => {
    const placed = await crash.placeBet(player.headers, { roundId: round.id, stake: 100, ...payload });
    return placed.json().bet.id as string;
  };
  const takeOff = async () => {
    t.clock.nowMs = startMs + elapsedToReach(110);
    await crash.advance();
  };
  const crashIt = async () => {
    t.clock.nowMs = startMs + elapsedToReach(await crash.crashOf(round.id));
    await crash.advance();
    expect((await crash.state(player.headers)).round).toMatchObject({ id: round.id, status: 'CRASHED' });
  };
  return { player, round, startMs, bet, takeOff, crashIt };
}

describe('a crash cash-out', () => {
  it('is credited and its balance published when it answers; the crash pays it no more', async () => {
    const { player, round, startMs, bet, takeOff, crashIt } = await flyingRound();
    const betId = await bet({ clientRef: 'now-1' });
    await takeOff();
    const published: string[] = [];
    const unsubscribe = t.deps.bus.subscribe(balanceTopic(player.id), (message) => published.push(message));
    t.clock.nowMs = startMs + elapsedToReach(150);
    const cashed = await crash.cashOut(player.headers, betId);

    expect(crashCashOutResponseSchema.parse(cashed.json())).toMatchObject({ bet: { payout: '150.00' } });
    expect(published.map((message) => JSON.parse(message).cashMinor)).toEqual(['105000']);
    expect(await t.cashOf(player.id)).toBe(105_000n);
    await crashIt();
    unsubscribe();
    expect(await t.cashOf(player.id)).toBe(105_000n);
    expect(await paidOut(round.id)).toEqual([{ key: `crash-win:${betId}#0`, amount: '15000' }]);
  });

  it('by its auto target is credited as soon as the curve passes the target, not at the crash', async () => {
    const { player, round, startMs, bet, takeOff, crashIt } = await flyingRound();
    const autoId = await bet({ autoCashOut: 1.5, clientRef: 'auto-1' });
    const ridingId = await bet({ autoCashOut: 1_000_000, clientRef: 'auto-2' });
    await takeOff();
    expect(await t.cashOf(player.id)).toBe(80_000n);

    // What the unit's timer does when the curve reaches the lowest target.
    t.clock.nowMs = startMs + elapsedToReach(150) + 3;
    await crash.advance();
    await vi.waitFor(async () => expect(await t.cashOf(player.id)).toBe(95_000n));
    const mine = (await crash.state(player.headers)).myBets.find((entry) => entry.id === autoId);
    expect(mine).toMatchObject({ status: 'CASHED_OUT', cashedOutAt: 1.5, payout: '150.00' });

    await crashIt();
    expect(await t.cashOf(player.id)).toBe(95_000n);
    expect(await paidOut(round.id)).toEqual([{ key: `crash-win:${autoId}#0`, amount: '15000' }]);
    const riding = (await crash.state(player.headers)).myBets.find((entry) => entry.id === ridingId);
    expect(riding).toMatchObject({ status: 'LOST' });
  });

  it('sent twice at once pays once: the second answers ALREADY_CASHED_OUT', async () => {
    const { player, round, startMs, bet, takeOff, crashIt } = await flyingRound();
    const betId = await bet({ clientRef: 'twice-1' });
    await takeOff();
    t.clock.nowMs = startMs + elapsedToReach(120);
    const answers = await Promise.all([
      crash.cashOut(player.headers, betId),
      crash.cashOut(player.headers, betId),
    ]);
    expect(answers.map((answer) => [answer.statusCode, answer.json().code]).sort()).toEqual([
      [200, undefined],
      [409, 'ALREADY_CASHED_OUT'],
    ]);
    expect(await t.cashOf(player.id)).toBe(102_000n);
    await crashIt();
    expect(await t.cashOf(player.id)).toBe(102_000n);
    expect(await paidOut(round.id)).toHaveLength(1);
  });

  it('whose batch fails leaves the bet open and credits nothing; trying again pays it', async () => {
    const { player, round, startMs, bet, takeOff, crashIt } = await flyingRound();
    const betId = await bet({ clientRef: 'down-1' });
    await takeOff();
    t.clock.nowMs = startMs + elapsedToReach(130);
    const down = vi.spyOn(t.deps.wallet, 'executeMany').mockRejectedValueOnce(new Error('ledger down'));
    const failed = await crash.cashOut(player.headers, betId);
    down.mockRestore();

    expect([failed.statusCode, failed.json().code]).toEqual([503, 'CASH_OUT_UNAVAILABLE']);
    expect(await t.cashOf(player.id)).toBe(90_000n);
    const [row] = await t.deps.db.query<{ status: string }>('SELECT status FROM crash_bets WHERE id = $1', [
      betId,
    ]);
    expect(row).toEqual({ status: 'OPEN' });
    expect((await crash.state(player.headers)).myBets[0]).toMatchObject({ id: betId, status: 'OPEN' });
    expect(await paidOut(round.id)).toEqual([]);

    const again = await crash.cashOut(player.headers, betId);
    expect(again.json()).toMatchObject({ multiplier: 1.3 });
    expect(await t.cashOf(player.id)).toBe(103_000n);
    await crashIt();
    expect(await t.cashOf(player.id)).toBe(103_000n);
  });
});

describe('nextAutoCashOutMs', () => {
  const bet = (id: string, status: CrashBetRow['status'], autoHundredths: number | null) =>
    [id, { id, status, autoHundredths }] as [string, CrashBetRow];
  const unit = (status: string) =>
    ({
      round: { status, closesAtMs: 1_000 },
      crashHundredths: 300,
      settling: null,
      bets: new Map([
        bet('a', 'OPEN', 250),
        bet('b', 'OPEN', 180),
        bet('c', 'CASHED_OUT', 120),
        bet('d', 'OPEN', 300),
        bet('e', 'OPEN', null),
      ]),
    }) as unknown as CrashUnit;

  it('wakes the unit when the curve reaches the lowest open target below the crash point', () => {
    expect(nextAutoCashOutMs(unit('RUNNING'))).toBe(1_000 + elapsedToReach(180));
    expect(nextAutoCashOutMs(unit('BETTING'))).toBeNull();
  });
});
