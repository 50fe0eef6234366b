import type { Side } from '../types.ts';
import { profitMinor, unmatchedLiabilityMinor } from './money.ts';
import { exposureOfOutcomes, winnerCountOf, type RunnerOutcomes } from './winners.ts';

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
  return betPnlIf(bet, bet.runnerIndex === winner);
}

/** P&L of one bet if its runner wins (`wins`) or loses; unmatched bets count only their adverse side. */
export function betPnlIf(bet: RunnerBet, wins: boolean): bigint {
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

/** Each runner's P&L if it loses and what its winning adds (winners.ts), for one account's bets. */
export function runnerOutcomesOf(bets: readonly RunnerBet[], runnerCount: number): RunnerOutcomes {
  const loseMinor = new Array<bigint>(runnerCount).fill(0n);
  const winGainMinor = new Array<bigint>(runnerCount).fill(0n);
  for (const bet of bets) {
    const lose = betPnlIf(bet, false);
    loseMinor[bet.runnerIndex]! += lose;
    winGainMinor[bet.runnerIndex]! += betPnlIf(bet, true) - lose;
  }
  return { loseMinor, winGainMinor };
}

/** Exposure = the worst loss over the one-winner outcomes (zero if no outcome loses). */
export function exposureOfPnl(pnlMinor: readonly bigint[]): bigint {
  let worst = 0n;
  for (const value of pnlMinor) if (value < worst) worst = value;
  return -worst;
}

/** Exposure over every set of exactly `numberOfWinners` winners (capped at the runner count). */
export function runnerExposureMinor(
  bets: readonly RunnerBet[],
  runnerCount: number,
  numberOfWinners = 1,
): bigint {
  return exposureOfOutcomes(runnerOutcomesOf(bets, runnerCount), winnerCountOf(numberOfWinners, runnerCount));
}

/** The extra hold a new order needs: how much it raises exposure (zero for a hedge). */
export function holdIncreaseMinor(
  bets: readonly RunnerBet[],
  order: RunnerBet,
  runnerCount: number,
  numberOfWinners = 1,
): bigint {
  const increase =
    runnerExposureMinor([...bets, order], runnerCount, numberOfWinners) -
    runnerExposureMinor(bets, runnerCount, numberOfWinners);
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
