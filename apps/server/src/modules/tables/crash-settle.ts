import { formatHundredths } from '@backlay/fair';
import { crashReturnMinor, elapsedToReach, finalMultiplier } from '@backlay/tables';
import { afterCommit, transaction } from '../../platform/transaction.ts';
import type { TablesContext } from './context.ts';
import { crashBetsOfRound, writeCrashBetStates, type CrashBetRow } from './crash-repo.ts';
import { CRASH_TABLE_ID } from './deps.ts';
import { postReturn, returnTransfer, roundReference, roundRemark } from './postings.ts';
import { updateRound } from './rounds-repo.ts';
import type { RoundRow } from './round-row.ts';

export type CrashFinishInput = { round: RoundRow; crashHundredths: number; nowMs: number; pauseMs: number };
type OnCommitted = (round: RoundRow, bets: readonly CrashBetRow[]) => void;

const x = (hundredths: number) => `${formatHundredths(hundredths)}x`;

/**
 * Settles a crashed round in one transaction (docs/decisions/0153): cash-outs (by hand, or the auto
 * target when it is below the crash point) are paid house → cash under keys from the bet ids, every
 * other bet is lost, and the round records its crash point as the winner.
 */
export async function settleCrash(
  context: TablesContext,
  input: CrashFinishInput & { winner: string },
  onCommitted: OnCommitted,
): Promise<{ round: RoundRow; bets: CrashBetRow[] }> {
  const { round, crashHundredths, nowMs } = input;
  return finishWith(context, input, 'SETTLED', input.winner, onCommitted, async (bet) => {
    const multiplier = finalMultiplier(crashHundredths, bet.cashedOutHundredths, bet.autoHundredths);
    if (multiplier === null) {
      bet.status = 'LOST';
      bet.payoutMinor = 0n;
      return;
    }
    bet.status = 'CASHED_OUT';
    bet.cashedOutHundredths = multiplier;
    bet.cashedOutAtMs ??= Math.min(nowMs, round.closesAtMs + elapsedToReach(multiplier));
    bet.payoutMinor = crashReturnMinor(bet.stakeMinor, multiplier);
    await pay(context, round, bet, 'crash-win', `cashed out at ${x(multiplier)}`);
  });
}

/** Voids a round that took off without its owner: cash-outs already made are paid, the rest refunded. */
export async function voidCrash(
  context: TablesContext,
  input: CrashFinishInput,
  onCommitted: OnCommitted,
): Promise<{ round: RoundRow; bets: CrashBetRow[] }> {
  const { round } = input;
  return finishWith(context, input, 'VOID', null, onCommitted, async (bet) => {
    if (bet.cashedOutHundredths !== null) {
      bet.status = 'CASHED_OUT';
      bet.payoutMinor = crashReturnMinor(bet.stakeMinor, bet.cashedOutHundredths);
      await pay(context, round, bet, 'crash-win', `cashed out at ${x(bet.cashedOutHundredths)}`);
      return;
    }
    bet.status = 'VOID';
    bet.payoutMinor = bet.stakeMinor;
    await pay(context, round, bet, 'crash-refund', 'refunded (round void)');
  });
}

async function finishWith(
  context: TablesContext,
  input: CrashFinishInput,
  status: 'SETTLED' | 'VOID',
  winner: string | null,
  onCommitted: OnCommitted,
  each: (bet: CrashBetRow) => Promise<void>,
): Promise<{ round: RoundRow; bets: CrashBetRow[] }> {
  const { round, nowMs } = input;
  return transaction(
    context.db,
    async (sql) => {
      const bets = await crashBetsOfRound(sql, round.id);
      // In player order, as every transaction that moves several players' money (no deadlocks).
      const open = bets
        .filter((bet) => bet.status === 'OPEN' || bet.status === 'CASHED_OUT')
        .sort((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : a.id < b.id ? -1 : 1));
      for (const bet of open) await each(bet);
      await writeCrashBetStates(sql, open, nowMs);
      const done = await updateRound(sql, round, {
        status,
        phaseEndsAtMs: nowMs + input.pauseMs,
        settledAtMs: nowMs,
        ...(winner === null ? {} : { winner }),
      });
      afterCommit(() => onCommitted(done, bets));
      return { round: done, bets };
    },
    { retryRaces: true },
  );
}

async function pay(
  context: TablesContext,
  round: RoundRow,
  bet: CrashBetRow,
  prefix: string,
  detail: string,
) {
  if (bet.payoutMinor === null || bet.payoutMinor === 0n) return;
  await postReturn(
    context,
    returnTransfer({
      key: `${prefix}:${bet.id}`,
      playerId: bet.playerId,
      amountMinor: bet.payoutMinor,
      reference: roundReference(CRASH_TABLE_ID, round.id),
      remark: roundRemark('Crash', round.id, detail),
    }),
  );
}
