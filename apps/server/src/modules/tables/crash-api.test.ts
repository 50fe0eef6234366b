import { crashBetResponseSchema, crashCashOutResponseSchema } from '@backlay/contracts';
import { crashPoint, sha256Hex } from '@backlay/fair';
import { elapsedToReach } from '@backlay/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashDriver } from './crash-testing.ts';
import { startTablesApp, TestClock, type TablesTestApp } from './testing.ts';

let counter = 0;
const seededHex = (bytes: number) => sha256Hex(`crash-test-${counter++}`).slice(0, bytes * 2);

let t: TablesTestApp;
beforeAll(async () => {
  t = await startTablesApp(new TestClock(), undefined, seededHex);
});
afterAll(() => t.close());

const { advance, state, crashOf, roundCrashingAbove, placeBet, cashOut } = crashDriver(() => t);

describe('crash', () => {
  it('commits the round to the published chain before betting opens', async () => {
    const player = await t.newPlayer();
    expect((await state(player.headers)).round).toBeNull();
    await advance();
    const { round } = await state(player.headers);
    expect(round).toMatchObject({ status: 'BETTING', chainIndex: 0, crashPoint: null, roundHash: null });
    expect(round!.serverSeedHash).toBe(round!.chainCommitment);
    expect(Date.parse(round!.closesAt) - Date.parse(round!.openedAt)).toBe(7_000);
  });

  it('pays manual and automatic cash-outs, refuses late and repeated ones, and settles once', async () => {
    const player = await t.newPlayer('1000');
    const round = await roundCrashingAbove(200, player.headers);
    const crash = await crashOf(round.id);
    const manual = crashBetResponseSchema.parse(
      (await placeBet(player.headers, { roundId: round.id, stake: 100, clientRef: 'm-1' })).json(),
    ).bet;
    const auto = await placeBet(player.headers, {
      roundId: round.id,
      stake: '50',
      autoCashOut: 1.5,
      clientRef: 'a-1',
    });
    expect(auto.statusCode).toBe(201);
    const third = await placeBet(player.headers, { roundId: round.id, stake: 10, clientRef: 'x-1' });
    expect([third.statusCode, third.json().code]).toEqual([409, 'TOO_MANY_BETS']);
    expect(await t.cashOf(player.id)).toBe(85_000n);

    const early = await cashOut(player.headers, manual.id);
    expect([early.statusCode, early.json().code]).toEqual([409, 'ROUND_NOT_STARTED']);

    const startMs = Date.parse(round.closesAt);
    t.clock.nowMs = startMs + elapsedToReach(120);
    await advance();
    expect((await state(player.headers)).round!.status).toBe('RUNNING');
    const cashed = await cashOut(player.headers, manual.id);
    expect(cashed.statusCode).toBe(200);
    expect(crashCashOutResponseSchema.parse(cashed.json())).toMatchObject({
      multiplier: 1.2,
      bet: { status: 'CASHED_OUT', cashedOutAt: 1.2, payout: '120.00' },
    });
    const twice = await cashOut(player.headers, manual.id);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'ALREADY_CASHED_OUT']);

    t.clock.nowMs = startMs + elapsedToReach(160);
    const autoLate = await cashOut(player.headers, auto.json().bet.id);
    expect([autoLate.statusCode, autoLate.json().code]).toEqual([409, 'ALREADY_CASHED_OUT']);

    t.clock.nowMs = startMs + elapsedToReach(crash);
    await advance();
    const after = await state(player.headers);
    expect(after.round).toMatchObject({ id: round.id, status: 'CRASHED', crashPoint: crash / 100 });
    const mine = after.myBets.map((bet) => [bet.status, bet.cashedOutAt, bet.payout]);
    expect(mine.sort()).toEqual([
      ['CASHED_OUT', 1.2, '120.00'],
      ['CASHED_OUT', 1.5, '75.00'],
    ]);
    expect(await t.cashOf(player.id)).toBe(85_000n + 12_000n + 7_500n);
    const late = await cashOut(player.headers, manual.id);
    expect(late.json().code).toBe('ALREADY_CASHED_OUT');

    // Anyone can check the revealed hash against the chain and the salt.
    const hash = after.round!.roundHash!;
    expect(sha256Hex(hash)).toBe(after.round!.serverSeedHash);
    expect(crashPoint(hash, after.round!.salt)).toEqual({ ok: true, value: crash });
    expect(after.lastCrashes[0]).toEqual({ roundId: round.id, crashPoint: crash / 100 });
  });

  it('resolves cash-outs racing the crash by the server clock, the same way every time', async () => {
    const players = await Promise.all([1, 2, 3, 4].map(() => t.newPlayer('100')));
    const round = await roundCrashingAbove(130, players[0]!.headers);
    const crash = await crashOf(round.id);
    const bets = [];
    for (const [index, player] of players.entries()) {
      const placed = await placeBet(player.headers, {
        roundId: round.id,
        stake: 100,
        clientRef: `race-${index}`,
      });
      bets.push(placed.json().bet.id as string);
    }
    const crashAtMs = Date.parse(round.closesAt) + elapsedToReach(crash);
    t.clock.nowMs = crashAtMs - 1;
    const inTime = await Promise.all([
      cashOut(players[0]!.headers, bets[0]!),
      cashOut(players[1]!.headers, bets[1]!),
      advance(),
    ]);
    t.clock.nowMs = crashAtMs;
    const tooLate = await Promise.all([
      advance(),
      cashOut(players[2]!.headers, bets[2]!),
      cashOut(players[3]!.headers, bets[3]!),
    ]);
    expect(inTime.slice(0, 2).map((r) => r!.statusCode)).toEqual([200, 200]);
    expect(tooLate.slice(1).map((r) => [r!.statusCode, r!.json().code])).toEqual([
      [409, 'ROUND_CRASHED'],
      [409, 'ROUND_CRASHED'],
    ]);
    const paid = inTime[0]!.json().bet.payout as string;
    expect(await t.cashOf(players[0]!.id)).toBe(BigInt(Math.round(Number(paid) * 100)));
    expect(await t.cashOf(players[1]!.id)).toBe(BigInt(Math.round(Number(paid) * 100)));
    expect(await t.cashOf(players[2]!.id)).toBe(0n);
    expect(await t.cashOf(players[3]!.id)).toBe(0n);
  });

  it('refuses bad bets and cash-outs with a clear 4xx and no money moved', async () => {
    const player = await t.newPlayer('20');
    const stranger = await t.newPlayer('20');
    const round = await roundCrashingAbove(100, player.headers);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ stake: '9.99' }, 422, 'STAKE_TOO_SMALL'],
      [{ stake: '10000.01' }, 422, 'STAKE_TOO_LARGE'],
      [{ stake: '20.01' }, 422, 'INSUFFICIENT_FUNDS'],
      [{ stake: 10, autoCashOut: 1 }, 400, 'INVALID_AUTO_CASH_OUT'],
      [{ stake: 10, autoCashOut: 1.005 }, 400, 'INVALID_AUTO_CASH_OUT'],
      [{ stake: 10, roundId: round.id + 99 }, 404, 'UNKNOWN_ROUND'],
      [{ stake: 10, roundId: 1 }, 409, 'BETTING_CLOSED'],
    ];
    for (const [index, [fields, status, code]] of cases.entries()) {
      const response = await placeBet(player.headers, {
        roundId: round.id,
        clientRef: `bad-${index}`,
        ...fields,
      });
      expect([response.statusCode, response.json().code]).toEqual([status, code]);
    }
    const placed = await placeBet(player.headers, { roundId: round.id, stake: 10, clientRef: 'ok-1' });
    const betId = placed.json().bet.id as string;
    const foreign = await cashOut(stranger.headers, betId);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'BET_NOT_FOUND']);
    const unknown = await cashOut(player.headers, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect((await cashOut(player.headers, 'not-a-uuid')).statusCode).toBe(400);
    expect(await t.cashOf(player.id)).toBe(1_000n);
    expect(await t.cashOf(stranger.id)).toBe(2_000n);
  });
});
