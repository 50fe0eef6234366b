import { formatHundredths } from '@backlay/fair';
import type { LedgerRequest } from '@backlay/ledger';
import { crashReturnMinor, elapsedToReach, finalMultiplier } from '@backlay/tables';
import { afterCommit, transaction } from '../../platform/transaction.ts';
import type { TablesContext } from './context.ts';
import { crashBetsOfRound, writeCrashBetStates, type CrashBetRow } from './crash-repo.ts';
import { CRASH_TABLE_ID } from './deps.ts';
import { postReturns, returnTransfer, roundReference, roundRemark } from './postings.ts';
import { updateRound } from './rounds-repo.ts';
import type { RoundRow } from './round-row.ts';

export type CrashFinishInput = { round: RoundRow; crashHundredths: number; nowMs: number; pauseMs: number };
type OnCommitted = (round: RoundRow, bets: readonly CrashBetRow[]) => void;

const x = (hundredths: number) => `${formatHundredths(hundredths)}x`;

/**
 * Settles a crashed round in one transaction (docs/decisions/0153): cash-outs (by hand, or the auto
 * target when it is below the crash point) are paid house → cash under keys from the bet ids, in one
 * ledger call (0175), every other bet is lost, and the round records its crash point as the winner.
 */
export async function settleCrash(
  context: TablesContext,
  input: CrashFinishInput & { winner: string },
  onCommitted: OnCommitted,
): Promise<{ round: RoundRow; bets: CrashBetRow[] }> {
  const { round, crashHundredths, nowMs } = input;
  return finishWith(context, input, 'SETTLED', input.winner, onCommitted, (bet) => {
    const multiplier = finalMultiplier(crashHundredths, bet.cashedOutHundredths, bet.autoHundredths);
    if (multiplier === null) {
      bet.status = 'LOST';
      bet.payoutMinor = 0n;
      return null;
    }
    bet.status = 'CASHED_OUT';
    bet.cashedOutHundredths = multiplier;
    bet.cashedOutAtMs ??= Math.min(nowMs, round.closesAtMs + elapsedToReach(multiplier));
    bet.payoutMinor = crashReturnMinor(bet.stakeMinor, multiplier);
    return payment(round, bet, 'crash-win', `cashed out at ${x(multiplier)}`);
  });
}

/** Voids a round that took off without its owner: cash-outs already made are paid, the rest refunded. */
export async function voidCrash(
  context: TablesContext,
  input: CrashFinishInput,
  onCommitted: OnCommitted,
): Promise<{ round: RoundRow; bets: CrashBetRow[] }> {
  const { round } = input;
  return finishWith(context, input, 'VOID', null, onCommitted, (bet) => {
    if (bet.cashedOutHundredths !== null) {
      bet.status = 'CASHED_OUT';
      bet.payoutMinor = crashReturnMinor(bet.stakeMinor, bet.cashedOutHundredths);
      return payment(round, bet, 'crash-win', `cashed out at ${x(bet.cashedOutHundredths)}`);
    }
    bet.status = 'VOID';
    bet.payoutMinor = bet.stakeMinor;
    return payment(round, bet, 'crash-refund', 'refunded (round void)');
  });
}

async function finishWith(
  context: TablesContext,
  input: CrashFinishInput,
  status: 'SETTLED' | 'VOID',
  winner: string | null,
  onCommitted: OnCommitted,
  /** Decides one bet's end in place and answers the transfer that pays it, if any. */
  each: (bet: CrashBetRow) => LedgerRequest | null,
): Promise<{ round: RoundRow; bets: CrashBetRow[] }> {
  const { round, nowMs } = input;
  return transaction(
    context.db,
    async (sql) => {
      const bets = await crashBetsOfRound(sql, round.id);
      const open = bets
        .filter((bet) => bet.status === 'OPEN' || bet.status === 'CASHED_OUT')
        .sort((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : a.id < b.id ? -1 : 1));
      const payments = open.map(each).filter((request) => request !== null);
      await writeCrashBetStates(sql, open, nowMs);
      const done = await updateRound(sql, round, {
        status,
        phaseEndsAtMs: nowMs + input.pauseMs,
        settledAtMs: nowMs,
        ...(winner === null ? {} : { winner }),
      });
      afterCommit(() => onCommitted(done, bets));
      // Last, so the players' cash rows it locks are held only until the commit right after (0175).
      await postReturns(context, payments);
      return { round: done, bets };
    },
    { retryRaces: true },
  );
}

function payment(round: RoundRow, bet: CrashBetRow, prefix: string, detail: string): LedgerRequest | null {
  if (bet.payoutMinor === null || bet.payoutMinor === 0n) return null;
  return returnTransfer({
    key: `${prefix}:${bet.id}`,
    playerId: bet.playerId,
    amountMinor: bet.payoutMinor,
    reference: roundReference(CRASH_TABLE_ID, round.id),
    remark: roundRemark('Crash', round.id, detail),
  });
}
