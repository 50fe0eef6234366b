import { describe, expect, it } from 'vitest';
import { ADMISSION_MESSAGES, judgeStake, REOPEN_DELAY_MS, type Standing } from './rules.ts';

const NOW = Date.UTC(2026, 10, 27, 12);
const DAY = 86_400_000;
const active: Standing = {
  status: 'active',
  betLocked: false,
  maxStakeMinor: null,
  timedOutUntilMs: null,
  excludedUntilMs: null,
  reopenRequestedAtMs: null,
};

describe('judgeStake', () => {
  it('refuses a bet-locked player, whatever the money, and a loss limit after the funds', () => {
    expect(judgeStake({ ...active, betLocked: true }, 1n, 100n, NOW)).toMatchObject({
      ok: false,
      code: 'BET_LOCKED',
    });
    expect(judgeStake(active, 500n, 400n, NOW, 1_000n)).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(judgeStake(active, 500n, 1_000n, NOW, 499n)).toMatchObject({
      code: 'LOSS_LIMIT_REACHED',
      message: `${ADMISSION_MESSAGES.LOSS_LIMIT_REACHED} It allows a stake of 4.99 at most now.`,
    });
    expect(judgeStake(active, 500n, 1_000n, NOW, 500n)).toEqual({ ok: true });
    expect(judgeStake(active, 0n, 0n, NOW, -5n)).toEqual({ ok: true });
  });

  it("holds a bet's stake, not its exposure, to the player's own maximum", () => {
    const capped = { ...active, maxStakeMinor: 5_000n };
    expect(judgeStake(capped, 10_000n, 20_000n, NOW, null, 5_000n)).toEqual({ ok: true });
    expect(judgeStake(capped, 0n, null, NOW, null, 5_001n)).toEqual({
      ok: false,
      code: 'STAKE_ABOVE_PLAYER_LIMIT',
      message: `${ADMISSION_MESSAGES.STAKE_ABOVE_PLAYER_LIMIT} It is 50.00.`,
    });
  });

  it('judges who is betting before the money', () => {
    expect(judgeStake(null, 1n, 0n, NOW)).toMatchObject({ ok: false, code: 'UNKNOWN_PLAYER' });
    expect(judgeStake({ ...active, status: 'suspended' }, 0n, 100n, NOW)).toMatchObject({
      ok: false,
      code: 'PLAYER_SUSPENDED',
      message: ADMISSION_MESSAGES.PLAYER_SUSPENDED,
    });
  });

  it('admits up to the available amount, and anything when the ledger judges the money', () => {
    expect(judgeStake(active, 100n, 100n, NOW)).toEqual({ ok: true });
    expect(judgeStake(active, 101n, 100n, NOW)).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    expect(judgeStake(active, 0n, -5n, NOW)).toEqual({ ok: true });
    expect(judgeStake(active, 10n ** 12n, null, NOW)).toEqual({ ok: true });
  });

  it('refuses every stake during a time-out, naming its end, and none once it is over', () => {
    const onBreak = { ...active, timedOutUntilMs: NOW + DAY };
    expect(judgeStake(onBreak, 0n, 100n, NOW)).toEqual({
      ok: false,
      code: 'ACCOUNT_TIMED_OUT',
      message: 'You are taking a break from play. It ends on 2026-11-28 12:00 UTC.',
    });
    expect(judgeStake(onBreak, 1n, 100n, NOW + DAY - 1)).toMatchObject({ code: 'ACCOUNT_TIMED_OUT' });
    expect(judgeStake(onBreak, 1n, 100n, NOW + DAY)).toEqual({ ok: true });
  });

  it('refuses during a self-exclusion and after it until a day after the player asks to reopen', () => {
    const excluded = { ...active, excludedUntilMs: NOW + DAY };
    expect(judgeStake(excluded, 1n, 100n, NOW)).toMatchObject({ code: 'SELF_EXCLUDED' });
    expect(judgeStake(excluded, 1n, 100n, NOW + 2 * DAY)).toMatchObject({
      code: 'SELF_EXCLUDED',
      message: expect.stringContaining('ask to reopen'),
    });
    const asked = { ...excluded, reopenRequestedAtMs: NOW + 2 * DAY };
    expect(judgeStake(asked, 1n, 100n, NOW + 2 * DAY + REOPEN_DELAY_MS - 1)).toMatchObject({
      code: 'SELF_EXCLUDED',
      message: expect.stringContaining('2026-11-30 12:00 UTC'),
    });
    expect(judgeStake(asked, 1n, 100n, NOW + 2 * DAY + REOPEN_DELAY_MS)).toEqual({ ok: true });
    const askedTooEarly = { ...excluded, reopenRequestedAtMs: NOW };
    expect(judgeStake(askedTooEarly, 1n, 100n, NOW + 10 * DAY)).toMatchObject({ code: 'SELF_EXCLUDED' });
  });
});
