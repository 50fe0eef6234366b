import { payoutMinor, type Hundredths } from '@backlay/fair';
import type { TableOutcome } from './types.ts';

/**
 * What a stake on `marketId` returns, in hundredths of the stake: its odds when the market won, the
 * outcome's refund share when it lost but returns part of the stake (a tie), 100 when the round was
 * void, else 0.
 */
export function returnHundredths(
  marketId: string,
  oddsHundredths: Hundredths,
  outcome: TableOutcome,
): Hundredths {
  if (outcome.void) return 100;
  if (outcome.winningMarkets.includes(marketId)) return oddsHundredths;
  return outcome.refunds[marketId] ?? 0;
}

/** The money a bet returns at settlement (stake included), rounded down to the minor unit. */
export function betReturnMinor(
  stakeMinor: bigint,
  marketId: string,
  oddsHundredths: Hundredths,
  outcome: TableOutcome,
): bigint {
  return payoutMinor(stakeMinor, returnHundredths(marketId, oddsHundredths, outcome));
}
