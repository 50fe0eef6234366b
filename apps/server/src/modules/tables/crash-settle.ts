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
 * Settles a crashed round in one transaction (docs/decisions/0153): a bet cashed out was paid by the
 * batch that wrote its cash-out (0230), so it is only marked settled; an auto target below the crash
 * point that no batch wrote yet is paid here, house → cash under a key from the bet id, in one ledger
 * call (0175); every other bet is lost, and the round records its crash point as the winner.
 */
export async function settleCrash(
  context: TablesContext,
  input: CrashFinishInput & { winner: string },
  onCommitted: OnCommitted,
): Promise<{ round: RoundRow; bets: CrashBetRow[] }> {
  const { round, crashHundredths, nowMs } = input;
  return finishWith(context, input, 'SETTLED', input.winner, onCommitted, (bet) => {
    if (bet.status === 'CASHED_OUT') return null;
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
    return cashOutPayment(round, bet);
  });
}

/**
 * Voids a round that took off without its owner: cash-outs already made are paid, the rest refunded.
 * A cash-out's payout went in with it (0230); posted again under the same key and body it is a replay
 * that moves nothing, so no acknowledged cash-out is left unpaid, nor paid twice.
 */
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
      return cashOutPayment(round, bet);
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

/** A cash-out's payout house → cash: one key and one body wherever it is posted, so it is paid once. */
export function cashOutPayment(round: RoundRow, bet: CrashBetRow): LedgerRequest | null {
  return payment(round, bet, 'crash-win', `cashed out at ${x(bet.cashedOutHundredths!)}`);
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
