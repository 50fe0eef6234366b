import { describe, expect, it } from 'vitest';
import {
  ADMISSION_MESSAGES,
  judgeStake,
  REOPEN_DELAY_MS,
  type StakeRequest,
  type Standing,
} from './rules.ts';

const NOW = Date.UTC(2026, 10, 27, 12);
const DAY = 86_400_000;
const active: Standing = {
  status: 'active',
  betLocked: false,
  maxStakeMinor: null,
  exposureLimitMinor: null,
  limitedAgents: [],
  lockedMarkets: new Set(),
  lockedEvents: new Set(),
  maxStakeBySportMinor: new Map(),
  timedOutUntilMs: null,
  excludedUntilMs: null,
  reopenRequestedAtMs: null,
};

/** A stake of 1.00 adding `amountMinor` to the player's commitments, with only `over` changed. */
const ask = (
  amountMinor: bigint,
  availableMinor: bigint | null,
  over: Partial<StakeRequest> = {},
): StakeRequest => ({
  amountMinor,
  availableMinor,
  lossRoomMinor: null,
  nowMs: NOW,
  stake: { kind: 'stake', stakeMinor: 100n } as const,
  marketId: null,
  eventId: null,
  sport: null,
  exposureMinor: null,
  subtreeRoomMinor: null,
  ...over,
});

describe('judgeStake', () => {
  it('refuses a bet-locked player, whatever the money, and a loss limit after the funds', () => {
    expect(judgeStake({ ...active, betLocked: true }, ask(1n, 100n))).toMatchObject({
      ok: false,
      code: 'BET_LOCKED',
    });
    expect(judgeStake(active, ask(500n, 400n, { lossRoomMinor: 1_000n }))).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(judgeStake(active, ask(500n, 1_000n, { lossRoomMinor: 499n }))).toMatchObject({
      code: 'LOSS_LIMIT_REACHED',
      message: `${ADMISSION_MESSAGES.LOSS_LIMIT_REACHED} It allows a stake of 4.99 at most now.`,
    });
    expect(judgeStake(active, ask(500n, 1_000n, { lossRoomMinor: 500n }))).toEqual({ ok: true });
    expect(judgeStake(active, ask(0n, 0n, { lossRoomMinor: -5n }))).toEqual({ ok: true });
  });

  it("holds a bet's stake, not its exposure, to the player's own maximum", () => {
    const capped = { ...active, maxStakeMinor: 5_000n };
    expect(
      judgeStake(capped, ask(10_000n, 20_000n, { stake: { kind: 'stake', stakeMinor: 5_000n } })),
    ).toEqual({ ok: true });
    expect(judgeStake(capped, ask(0n, null, { stake: { kind: 'stake', stakeMinor: 5_001n } }))).toEqual({
      ok: false,
      code: 'STAKE_ABOVE_PLAYER_LIMIT',
      message: `${ADMISSION_MESSAGES.STAKE_ABOVE_PLAYER_LIMIT} It is 50.00.`,
    });
    // A hedge or a launch puts no stake of its own down: the maximum is not theirs to meet.
    expect(judgeStake(capped, ask(0n, null, { stake: { kind: 'hedge' } }))).toEqual({ ok: true });
    expect(judgeStake(capped, ask(0n, null, { stake: { kind: 'launch' } }))).toEqual({ ok: true });
  });

  it('holds a stake to the least of the general cap and the cap for its sport, not another sport’s', () => {
    const capped = { ...active, maxStakeMinor: 5_000n, maxStakeBySportMinor: new Map([['cricket', 2_000n]]) };
    const stake = (stakeMinor: bigint, sport: string | null) =>
      judgeStake(capped, ask(0n, null, { stake: { kind: 'stake', stakeMinor }, sport }));
    expect(stake(2_001n, 'cricket')).toEqual({
      ok: false,
      code: 'STAKE_ABOVE_PLAYER_LIMIT',
      message: `${ADMISSION_MESSAGES.STAKE_ABOVE_PLAYER_LIMIT} It is 20.00.`,
    });
    expect(stake(2_000n, 'cricket')).toEqual({ ok: true });
    expect(stake(5_000n, 'tennis')).toEqual({ ok: true });
    expect(stake(5_000n, null)).toEqual({ ok: true });
    // A sport's cap above the general one leaves the general one in force.
    const looser = { ...capped, maxStakeBySportMinor: new Map([['cricket', 9_000n]]) };
    expect(
      judgeStake(looser, ask(0n, null, { stake: { kind: 'stake', stakeMinor: 5_001n }, sport: 'cricket' })),
    ).toMatchObject({ code: 'STAKE_ABOVE_PLAYER_LIMIT' });
    const sportOnly = { ...active, maxStakeBySportMinor: new Map([['cricket', 2_000n]]) };
    expect(
      judgeStake(
        sportOnly,
        ask(0n, null, { stake: { kind: 'stake', stakeMinor: 2_001n }, sport: 'cricket' }),
      ),
    ).toMatchObject({ code: 'STAKE_ABOVE_PLAYER_LIMIT' });
  });

  it('refuses every market of an event an agent locked', () => {
    const locked = { ...active, lockedEvents: new Set(['e1']) };
    expect(judgeStake(locked, ask(1n, 100n, { marketId: '1.1', eventId: 'e1' }))).toMatchObject({
      code: 'MARKET_LOCKED_BY_AGENT',
    });
    expect(judgeStake(locked, ask(1n, 100n, { marketId: '1.2', eventId: 'e1' }))).toMatchObject({
      code: 'MARKET_LOCKED_BY_AGENT',
    });
    expect(judgeStake(locked, ask(1n, 100n, { marketId: '1.3', eventId: 'e2' }))).toEqual({ ok: true });
    expect(judgeStake(locked, ask(1n, 100n))).toEqual({ ok: true });
  });

  it("refuses a market an agent locked, and exposure past the player's or its subtree's limit", () => {
    const locked = { ...active, lockedMarkets: new Set(['1.1']) };
    expect(judgeStake(locked, ask(0n, null, { marketId: '1.1' }))).toMatchObject({
      code: 'MARKET_LOCKED_BY_AGENT',
    });
    expect(judgeStake(locked, ask(1n, 100n, { marketId: '1.2' }))).toEqual({ ok: true });
    const limited = { ...active, exposureLimitMinor: 1_000n };
    expect(judgeStake(limited, ask(300n, 10_000n, { exposureMinor: 700n }))).toEqual({ ok: true });
    expect(judgeStake(limited, ask(301n, 10_000n, { exposureMinor: 700n }))).toEqual({
      ok: false,
      code: 'EXPOSURE_LIMIT_REACHED',
      message: `${ADMISSION_MESSAGES.EXPOSURE_LIMIT_REACHED} It allows added exposure of 3.00 at most now.`,
    });
    // The tighter of the two rooms holds; a hedge that adds nothing passes either.
    expect(
      judgeStake(limited, ask(201n, 10_000n, { exposureMinor: 0n, subtreeRoomMinor: 200n })),
    ).toMatchObject({
      code: 'EXPOSURE_LIMIT_REACHED',
    });
    expect(judgeStake(active, ask(0n, 0n, { subtreeRoomMinor: -5n, stake: { kind: 'hedge' } }))).toEqual({
      ok: true,
    });
  });

  it('judges who is betting before the money', () => {
    expect(judgeStake(null, ask(1n, 0n))).toMatchObject({ ok: false, code: 'UNKNOWN_PLAYER' });
    expect(judgeStake({ ...active, status: 'suspended' }, ask(0n, 100n))).toMatchObject({
      ok: false,
      code: 'PLAYER_SUSPENDED',
      message: ADMISSION_MESSAGES.PLAYER_SUSPENDED,
    });
  });

  it('admits up to the available amount, and anything when the ledger judges the money', () => {
    expect(judgeStake(active, ask(100n, 100n))).toEqual({ ok: true });
    expect(judgeStake(active, ask(101n, 100n))).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    expect(judgeStake(active, ask(0n, -5n))).toEqual({ ok: true });
    expect(judgeStake(active, ask(10n ** 12n, null))).toEqual({ ok: true });
  });

  it('refuses every stake during a time-out, naming its end, and none once it is over', () => {
    const onBreak = { ...active, timedOutUntilMs: NOW + DAY };
    expect(judgeStake(onBreak, ask(0n, 100n))).toEqual({
      ok: false,
      code: 'ACCOUNT_TIMED_OUT',
      message: 'You are taking a break from play. It ends on 2026-11-28 12:00 UTC.',
    });
    expect(judgeStake(onBreak, ask(1n, 100n, { nowMs: NOW + DAY - 1 }))).toMatchObject({
      code: 'ACCOUNT_TIMED_OUT',
    });
    expect(judgeStake(onBreak, ask(1n, 100n, { nowMs: NOW + DAY }))).toEqual({ ok: true });
  });

  it('refuses during a self-exclusion and after it until a day after the player asks to reopen', () => {
    const excluded = { ...active, excludedUntilMs: NOW + DAY };
    expect(judgeStake(excluded, ask(1n, 100n))).toMatchObject({ code: 'SELF_EXCLUDED' });
    expect(judgeStake(excluded, ask(1n, 100n, { nowMs: NOW + 2 * DAY }))).toMatchObject({
      code: 'SELF_EXCLUDED',
      message: expect.stringContaining('ask to reopen'),
    });
    const asked = { ...excluded, reopenRequestedAtMs: NOW + 2 * DAY };
    expect(judgeStake(asked, ask(1n, 100n, { nowMs: NOW + 2 * DAY + REOPEN_DELAY_MS - 1 }))).toMatchObject({
      code: 'SELF_EXCLUDED',
      message: expect.stringContaining('2026-11-30 12:00 UTC'),
    });
    expect(judgeStake(asked, ask(1n, 100n, { nowMs: NOW + 2 * DAY + REOPEN_DELAY_MS }))).toEqual({
      ok: true,
    });
    const askedTooEarly = { ...excluded, reopenRequestedAtMs: NOW };
    expect(judgeStake(askedTooEarly, ask(1n, 100n, { nowMs: NOW + 10 * DAY }))).toMatchObject({
      code: 'SELF_EXCLUDED',
    });
  });
});
