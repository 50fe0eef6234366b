import type { TableBet } from '@backlay/contracts';
import { minorToDecimal, moneyMinorOf } from '../../lib/betting/index.ts';

export interface RoundSummary {
  bets: number;
  stakedMinor: bigint;
  returnedMinor: bigint;
  /** Returned minus staked; null while any bet is still open. */
  netMinor: bigint | null;
}

/** The player's take from one round: what was staked, what came back, won or lost overall. */
export function summarizeRound(bets: readonly TableBet[]): RoundSummary {
  let stakedMinor = 0n;
  let returnedMinor = 0n;
  let open = false;
  for (const bet of bets) {
    stakedMinor += moneyMinorOf(bet.stake);
    if (bet.status === 'OPEN' || bet.payout === null) open = true;
    else returnedMinor += moneyMinorOf(bet.payout);
  }
  return {
    bets: bets.length,
    stakedMinor,
    returnedMinor,
    netMinor: open ? null : returnedMinor - stakedMinor,
  };
}

/** "You won 100.00", "You lost 50.00", "Stakes returned": the sentence under the round's result. */
export function summaryText(summary: RoundSummary, format: (amount: string) => string): string | null {
  if (summary.bets === 0 || summary.netMinor === null) return null;
  if (summary.netMinor > 0n) return `You won ${format(minorToDecimal(summary.netMinor))}`;
  if (summary.netMinor < 0n) return `You lost ${format(minorToDecimal(-summary.netMinor))}`;
  return 'Stakes returned';
}

/** The short text of a result chip: a ball-by-ball ball ("4", "W", "E") or a pocket number. */
export function resultChipText(winner: string): string {
  const number = /^(\d+)/.exec(winner);
  if (number) return number[1] ?? winner;
  if (/^wicket/i.test(winner)) return 'W';
  if (/^extra/i.test(winner)) return 'E';
  return winner;
}
