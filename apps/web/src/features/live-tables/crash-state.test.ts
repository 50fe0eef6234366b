import { describe, expect, it } from 'vitest';
import type { CrashBet, CrashRound, CrashState, CrashStream } from '@backlay/contracts';
import { adoptBets, betButton, crashBetView, currentCrash, withCashOuts } from './crash-state.ts';

const round = (status: CrashRound['status'], crashPoint: number | null = null): CrashRound => ({
  id: 9,
  status,
  openedAt: '2026-11-23T12:00:00.000Z',
  closesAt: '2026-11-23T12:00:07.000Z',
  startedAt: '2026-11-23T12:00:07.000Z',
  growthPerMs: 0.00006,
  crashPoint,
  crashedAt: null,
  serverSeedHash: 'a'.repeat(64),
  roundHash: null,
  salt: 'b'.repeat(64),
  chainCommitment: 'c'.repeat(64),
  chainIndex: 9,
});

const bet = (over: Partial<CrashBet> = {}): CrashBet => ({
  id: '7d0f0a5e-96b3-4b0e-8a59-5a0f3b8e2c11',
  roundId: 9,
  stake: '100.00',
  autoCashOut: null,
  cashedOutAt: null,
  status: 'OPEN',
  payout: null,
  placedAt: '2026-11-23T12:00:01.000Z',
  ...over,
});

const fetched: CrashState = {
  serverTime: '2026-11-23T12:00:08.000Z',
  round: round('RUNNING'),
  lastCrashes: [{ roundId: 8, crashPoint: 1.96 }],
  stats: { bets: 2, totalStake: '150.00' },
  bets: [
    { player: 'pl***1', stake: '100.00', cashedOutAt: null, payout: null },
    { player: 'pl***2', stake: '50.00', cashedOutAt: null, payout: null },
  ],
  myBets: [bet()],
};

const streamed = (serverTime: string, status: CrashRound['status'], id = 9): CrashStream => ({
  serverTime,
  round: { ...round(status, status === 'CRASHED' ? 1.5 : null), id },
  lastCrashes: [],
  stats: { bets: 2, totalStake: '150.00' },
  recentCashOuts: [{ player: 'pl***2', stake: '50.00', cashedOutAt: 1.2, payout: '60.00' }],
});

const at = Date.parse('2026-11-23T12:00:08.000Z');

describe('live crash state', () => {
  it('lays streamed cash-outs over the fetched bets of the same round', () => {
    const live = currentCrash(
      { message: fetched, receivedAtMs: at },
      { message: streamed('2026-11-23T12:00:09.000Z', 'RUNNING'), receivedAtMs: at + 1_000 },
    );
    expect(live.bets[1]).toMatchObject({ player: 'pl***2', cashedOutAt: 1.2, payout: '60.00' });
    expect(live.bets[0]?.cashedOutAt).toBeNull();
    expect(live.myBets).toHaveLength(1);
  });

  it('drops the bet lists when the stream is already on a new round', () => {
    const live = currentCrash(
      { message: fetched, receivedAtMs: at },
      { message: streamed('2026-11-23T12:00:20.000Z', 'BETTING', 10), receivedAtMs: at },
    );
    expect(live.round?.id).toBe(10);
    expect(live.bets).toEqual([]);
    expect(live.myBets).toEqual([]);
  });

  it('is paused as the fetched state says, then as a newer stream message says', () => {
    const pausedState = { ...fetched, paused: true };
    expect(currentCrash({ message: pausedState, receivedAtMs: at }, null).paused).toBe(true);
    expect(currentCrash({ message: fetched, receivedAtMs: at }, null).paused).toBe(false);
    const resumed = { ...streamed('2026-11-23T12:00:09.000Z', 'RUNNING'), paused: false };
    const pausing = { ...streamed('2026-11-23T12:00:09.000Z', 'RUNNING'), paused: true };
    expect(
      currentCrash({ message: pausedState, receivedAtMs: at }, { message: resumed, receivedAtMs: at }).paused,
    ).toBe(false);
    expect(
      currentCrash({ message: fetched, receivedAtMs: at }, { message: pausing, receivedAtMs: at }).paused,
    ).toBe(true);
    // An older stream message does not undo the fetched state's pause.
    const older = { ...streamed('2026-11-23T12:00:07.500Z', 'RUNNING'), paused: false };
    expect(
      currentCrash({ message: pausedState, receivedAtMs: at }, { message: older, receivedAtMs: at }).paused,
    ).toBe(true);
    // A stream message that does not say keeps the fetched state's word.
    const silent = streamed('2026-11-23T12:00:09.000Z', 'RUNNING');
    expect(
      currentCrash({ message: pausedState, receivedAtMs: at }, { message: silent, receivedAtMs: at }).paused,
    ).toBe(true);
  });

  it('adds a cash-out it cannot match', () => {
    expect(withCashOuts([], [{ player: 'x', stake: '1.00', cashedOutAt: 2, payout: '2.00' }])).toHaveLength(
      1,
    );
  });
});

describe('a player crash bet on screen', () => {
  it('rides while running and loses at the crash', () => {
    expect(crashBetView(bet(), round('BETTING'), 1)).toEqual({ state: 'WAITING' });
    expect(crashBetView(bet(), round('RUNNING'), 1.4)).toEqual({ state: 'RIDING' });
    expect(crashBetView(bet(), round('CRASHED', 1.5), 1.5)).toEqual({ state: 'LOST' });
  });

  it('shows an auto cash-out once the curve passes its target, unless the crash came first', () => {
    const auto = bet({ autoCashOut: 1.3 });
    expect(crashBetView(auto, round('RUNNING'), 1.29)).toEqual({ state: 'RIDING' });
    expect(crashBetView(auto, round('RUNNING'), 1.31)).toEqual({
      state: 'CASHED',
      multiplier: 1.3,
      confirmed: false,
    });
    expect(crashBetView(auto, round('CRASHED', 1.3), 1.3)).toEqual({ state: 'LOST' });
  });

  it('trusts the server once the bet is settled', () => {
    expect(crashBetView(bet({ status: 'CASHED_OUT', cashedOutAt: 2.5 }), null, 1)).toEqual({
      state: 'CASHED',
      multiplier: 2.5,
      confirmed: true,
    });
    expect(crashBetView(bet({ status: 'VOID' }), round('VOID'), 1)).toEqual({ state: 'VOID' });
  });
});

describe('the Bet button of an empty box', () => {
  it('takes a bet only while the round is betting and the game is not paused', () => {
    expect(betButton(round('BETTING'), false)).toEqual({ open: true, text: 'Bet' });
    expect(betButton(round('BETTING'), true)).toEqual({ open: false, text: 'Betting paused' });
    expect(betButton(round('RUNNING'), true)).toEqual({ open: false, text: 'Betting paused' });
    expect(betButton(round('RUNNING'), false)).toEqual({ open: false, text: 'Wait for the next round' });
    expect(betButton(null, false)).toEqual({ open: false, text: 'Wait for the next round' });
  });
});

describe('bets shown in the two boxes', () => {
  const first = bet({ id: 'a', placedAt: '2026-11-23T12:00:01.000Z' });
  const second = bet({ id: 'b', placedAt: '2026-11-23T12:00:02.000Z' });

  it('gives the round bets to empty boxes in placement order after a reload', () => {
    expect(adoptBets([second, first], 9, [null, null])).toEqual([first, second]);
  });

  it('never shows a bet in a box other than the one that placed it', () => {
    expect(adoptBets([first, second], 9, [null, 'a'])).toEqual([second, null]);
    expect(adoptBets([first], 9, [null, 'a'])).toEqual([null, null]);
  });

  it('ignores bets and claims of other rounds', () => {
    expect(adoptBets([bet({ id: 'c', roundId: 8 })], 9, [null, null])).toEqual([null, null]);
    expect(adoptBets([first], 9, ['old', null])).toEqual([first, null]);
  });
});
