import type { BetSide } from '@backlay/contracts';
import { profitMinor, unmatchedLiabilityMinor } from '@backlay/exchange';
import { oddsHundredthsOf } from './odds.ts';
import { minorToDecimal } from './stake.ts';

export interface SlipOutcome {
  /** What the bet wins if it wins in full, before commission. */
  profit: string;
  /** What the bet can lose: the stake for a back, stake × (odds − 1) for a lay. */
  liability: string;
}

/**
 * Profit and liability as the exchange computes them in integers (packages/exchange): a back's
 * winnings rounded down to the minor unit, a lay's liability rounded up (the hold an unmatched lay
 * takes). Table bets are backs at the table's odds. Null without readable odds or a positive stake.
 */
export function slipOutcome(side: BetSide, stakeMinor: bigint, odds: string | number): SlipOutcome | null {
  const hundredths = oddsHundredthsOf(odds);
  if (hundredths === null || stakeMinor <= 0n) return null;
  if (side === 'BACK') {
    return {
      profit: minorToDecimal(profitMinor(stakeMinor, hundredths)),
      liability: minorToDecimal(stakeMinor),
    };
  }
  return {
    profit: minorToDecimal(stakeMinor),
    liability: minorToDecimal(unmatchedLiabilityMinor(stakeMinor, hundredths)),
  };
}
