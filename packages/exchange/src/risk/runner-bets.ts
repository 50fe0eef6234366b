import type { Side } from '../types.ts';
import { profitMinor, unmatchedLiabilityMinor } from './money.ts';

/**
 * One bet on a runner market (exchange fill, unmatched order part, or bookmaker bet), as the slow
 * obviously-correct risk functions see it. `priceHundredths` is decimal odds x 100; a bookmaker
 * rate R (profit R paise per rupee) is odds 100 + R.
 */
export interface RunnerBet {
  readonly runnerIndex: number;
  readonly side: Side;
  readonly sizeMinor: bigint;
  readonly priceHundredths: number;
  readonly matched: boolean;
}

/** P&L of one bet if `winner` wins; unmatched bets count only their adverse side. */
export function betPnlIfWinner(bet: RunnerBet, winner: number): bigint {
  const wins = bet.runnerIndex === winner;
  if (bet.matched) {
    const amount = profitMinor(bet.sizeMinor, bet.priceHundredths);
    if (bet.side === 'BACK') return wins ? amount : -bet.sizeMinor;
    return wins ? -amount : bet.sizeMinor;
  }
  if (bet.side === 'BACK') return wins ? 0n : -bet.sizeMinor;
  return wins ? -unmatchedLiabilityMinor(bet.sizeMinor, bet.priceHundredths) : 0n;
}

/** P&L per outcome "runner i wins", for one account's bets on one market. */
export function outcomePnlMinor(bets: readonly RunnerBet[], runnerCount: number): bigint[] {
  const pnl: bigint[] = [];
  for (let winner = 0; winner < runnerCount; winner++) {
    pnl.push(bets.reduce((sum, bet) => sum + betPnlIfWinner(bet, winner), 0n));
  }
  return pnl;
}

/** Exposure = the worst loss over all outcomes (zero if no outcome loses). */
export function exposureOfPnl(pnlMinor: readonly bigint[]): bigint {
  let worst = 0n;
  for (const value of pnlMinor) if (value < worst) worst = value;
  return -worst;
}

export function runnerExposureMinor(bets: readonly RunnerBet[], runnerCount: number): bigint {
  return exposureOfPnl(outcomePnlMinor(bets, runnerCount));
}

/** The extra hold a new order needs: how much it raises exposure (zero for a hedge). */
export function holdIncreaseMinor(bets: readonly RunnerBet[], order: RunnerBet, runnerCount: number): bigint {
  const increase =
    runnerExposureMinor([...bets, order], runnerCount) - runnerExposureMinor(bets, runnerCount);
  return increase > 0n ? increase : 0n;
}

/** Settled P&L of matched bets when every runner in `winners` counts as a winner. */
export function settledPnlMinor(bets: readonly RunnerBet[], winners: ReadonlySet<number>): bigint {
  let total = 0n;
  for (const bet of bets) {
    if (!bet.matched) continue;
    const amount = profitMinor(bet.sizeMinor, bet.priceHundredths);
    const wins = winners.has(bet.runnerIndex);
    if (bet.side === 'BACK') total += wins ? amount : -bet.sizeMinor;
    else total += wins ? -amount : bet.sizeMinor;
  }
  return total;
}
