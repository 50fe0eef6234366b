import { randomUUID } from 'node:crypto';
import type { CrashBet } from '@backlay/contracts';
import { formatHundredths } from '@backlay/fair';
import {
  cashOutAt,
  CRASH_MAX_BETS_PER_PLAYER,
  CRASH_MAX_STAKE_MINOR,
  CRASH_MIN_STAKE_MINOR,
} from '@backlay/tables';
import { ok, type Result } from '../../platform/rejections.ts';
import { deferred, type Deferred } from '../../platform/units/index.ts';
import { takeBet } from './bet-intake.ts';
import { admissionRefusal } from './admit.ts';
import type { TablesContext } from './context.ts';
import type { CrashUnit } from './crash-loop.ts';
import { rememberBet } from './crash-loop.ts';
import { crashReplayOf, type CrashBetAnswer } from './crash-bet-write.ts';
import { creditCashOut } from './crash-cash-out.ts';
import { findCrashBet, findCrashBetByRef, type CrashBetRow } from './crash-repo.ts';
import { crashBetJson } from './crash-view.ts';
import { CRASH_TABLE_ID } from './deps.ts';
import { tableError } from './errors.ts';
import { readRound } from './rounds-repo.ts';
import { isOpen } from './round-row.ts';

export type CrashBetCommand = {
  type: 'bet';
  playerId: string;
  roundId: number;
  stakeMinor: string;
  autoHundredths: number | null;
  clientRef: string;
};
export type CashOutCommand = { type: 'cash-out'; playerId: string; betId: string };
export type { CrashBetAnswer };
export type CashOutAnswer = { bet: CrashBet; multiplier: number };

/**
 * Places a crash bet, judged like a table bet (0153): the same clientRef first, then the round, the
 * clock, the limits and at most two bets per player and round (counting bets still being written). It
 * joins the crash unit's next group commit and is answered once that batch has committed.
 */
export async function placeCrashBet(
  context: TablesContext,
  unit: CrashUnit,
  command: CrashBetCommand,
): Promise<Result<CrashBetAnswer> | Deferred<CrashBetAnswer>> {
  const stakeMinor = BigInt(command.stakeMinor);
  const fingerprint = `crash|${command.roundId}|${stakeMinor}|${command.autoHundredths ?? ''}`;
  return takeBet(unit, command, {
    replay: (bet) => crashReplayOf(bet, fingerprint),
    check: () => check(context, unit, command, stakeMinor),
    findByRef: () => findCrashBetByRef(context.db, command.playerId, command.clientRef),
    build: (): CrashBetRow => ({
      id: randomUUID(),
      roundId: unit.round!.id,
      playerId: command.playerId,
      stakeMinor,
      autoHundredths: command.autoHundredths,
      cashedOutHundredths: null,
      status: 'OPEN',
      payoutMinor: null,
      clientRef: command.clientRef,
      fingerprint,
      placedAtMs: context.options.nowMs(),
      cashedOutAtMs: null,
    }),
    submit: (bet) => unit.placing.submit(bet),
    // The bet counts toward the player's two from the moment it is accepted (0153).
    hold: (bet) => unit.perPlayer.set(bet.playerId, (unit.perPlayer.get(bet.playerId) ?? 0) + 1),
    remember: (bet) => rememberBet(unit, bet, false),
    release: (bet) =>
      unit.perPlayer.set(bet.playerId, Math.max(0, (unit.perPlayer.get(bet.playerId) ?? 1) - 1)),
  });
}

async function check(
  context: TablesContext,
  unit: CrashUnit,
  command: CrashBetCommand,
  stakeMinor: bigint,
): Promise<Result<true>> {
  // A paused table takes no bet, even on the round it is finishing (docs/decisions/0244).
  if (unit.paused) return tableError('TABLE_PAUSED');
  const refused = await admissionRefusal(context, command.playerId, stakeMinor);
  if (refused) return refused;
  const round = unit.round;
  if (!round || command.roundId > round.id) return tableError('UNKNOWN_ROUND');
  if (command.roundId < round.id) {
    const earlier = await readRound(context.db, command.roundId);
    return tableError(earlier?.tableId === CRASH_TABLE_ID ? 'BETTING_CLOSED' : 'UNKNOWN_ROUND');
  }
  if (round.status !== 'BETTING' || context.options.nowMs() >= round.closesAtMs) {
    return tableError('BETTING_CLOSED');
  }
  if (stakeMinor < CRASH_MIN_STAKE_MINOR) return tableError('STAKE_TOO_SMALL');
  if (stakeMinor > CRASH_MAX_STAKE_MINOR) return tableError('STAKE_TOO_LARGE');
  if ((unit.perPlayer.get(command.playerId) ?? 0) >= CRASH_MAX_BETS_PER_PLAYER)
    return tableError('TOO_MANY_BETS');
  return ok(true);
}

/**
 * Cashes a bet out at the multiplier of the server clock's moment (0153). The unit runs cash-outs and
 * the crash one at a time, so one racing the crash is judged by the clock alone, the same way every
 * time; the answer waits for the batch that makes it durable and pays it (0230).
 */
export async function cashOut(
  context: TablesContext,
  unit: CrashUnit,
  command: CashOutCommand,
): Promise<Result<CashOutAnswer> | Deferred<CashOutAnswer>> {
  const bet = unit.bets.get(command.betId) ?? (await findCrashBet(context.db, command.betId));
  if (!bet || bet.playerId !== command.playerId) return tableError('BET_NOT_FOUND');
  if (bet.cashedOutHundredths !== null) return tableError('ALREADY_CASHED_OUT');
  const round = unit.round;
  if (unit.settling || !isOpen(round) || bet.roundId !== round.id || bet.status !== 'OPEN') {
    return tableError('ROUND_CRASHED');
  }
  const nowMs = context.options.nowMs();
  if (nowMs < round.closesAtMs) return tableError('ROUND_NOT_STARTED');
  const decided = cashOutAt(nowMs - round.closesAtMs, unit.crashHundredths, bet.autoHundredths);
  if (!decided.ok) {
    if (decided.reason === 'ROUND_CRASHED') return tableError('ROUND_CRASHED');
    const target = formatHundredths(bet.autoHundredths!);
    return tableError('ALREADY_CASHED_OUT', `This bet was cashed out automatically at ${target}x.`);
  }
  const multiplier = decided.multiplierHundredths;
  const answer = creditCashOut(unit, bet, multiplier, nowMs).then((committed): Result<CashOutAnswer> =>
    committed
      ? ok({ bet: crashBetJson(bet), multiplier: multiplier / 100 })
      : tableError('CASH_OUT_UNAVAILABLE'),
  );
  return deferred(answer);
}
