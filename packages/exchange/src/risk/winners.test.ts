import { describe, expect, it } from 'vitest';
import { AccountPosition } from './account-position.ts';
import { RunnerMarketRisk } from './runner-market-risk.ts';
import {
  betPnlIf,
  exposureOfPnl,
  outcomePnlMinor,
  runnerExposureMinor,
  runnerOutcomesOf,
  type RunnerBet,
} from './runner-bets.ts';
import {
  exposureOfOutcomes,
  winnerCountOf,
  worstPnlMinor,
  worstPnlWithWinnerMinor,
  worstPnlWithoutWinnerMinor,
} from './winners.ts';
import { randomOf, subsets } from '../test-support/winner-sets.ts';

function randomBets(random: (below: number) => number, runnerCount: number): RunnerBet[] {
  return Array.from({ length: 1 + random(8) }, () => ({
    runnerIndex: random(runnerCount),
    side: random(2) === 0 ? ('BACK' as const) : ('LAY' as const),
    sizeMinor: BigInt(1 + random(10_000)),
    priceHundredths: 101 + random(1_900),
    matched: random(3) !== 0,
  }));
}

function positionOf(bets: readonly RunnerBet[], runnerCount: number): AccountPosition {
  const position = new AccountPosition(runnerCount);
  bets.forEach((bet, index) => {
    if (bet.matched) position.addMatched(bet.runnerIndex, bet.side, bet.sizeMinor, bet.priceHundredths);
    else position.setUnmatched(`o${index}`, bet, bet.sizeMinor);
  });
  return position;
}

/** The worst P&L by trying every set of winners, bet by bet: slow and plainly right. */
function bruteWorst(bets: readonly RunnerBet[], sets: readonly number[][]): bigint | null {
  let worst: bigint | null = null;
  for (const set of sets) {
    const winners = new Set(set);
    const pnl = bets.reduce((sum, bet) => sum + betPnlIf(bet, winners.has(bet.runnerIndex)), 0n);
    if (worst === null || pnl < worst) worst = pnl;
  }
  return worst;
}

const lay = (runnerIndex: number, sizeMinor: bigint, priceHundredths: number): RunnerBet => ({
  runnerIndex,
  side: 'LAY',
  sizeMinor,
  priceHundredths,
  matched: true,
});
const back = (runnerIndex: number, sizeMinor: bigint, priceHundredths: number): RunnerBet => ({
  ...lay(runnerIndex, sizeMinor, priceHundredths),
  side: 'BACK',
});

describe('exposure over several winners', () => {
  it('one winner gives exactly the one-winner figures on random positions', () => {
    const random = randomOf(282);
    for (let round = 0; round < 500; round++) {
      const runnerCount = 1 + random(8);
      const bets = randomBets(random, runnerCount);
      const position = positionOf(bets, runnerCount);
      const oneWinner = exposureOfPnl(outcomePnlMinor(bets, runnerCount));
      expect(position.outcomePnlMinor()).toEqual(outcomePnlMinor(bets, runnerCount));
      expect(exposureOfOutcomes(position.outcomes(), 1)).toBe(oneWinner);
      expect(runnerExposureMinor(bets, runnerCount)).toBe(oneWinner);
    }
  });

  it('matches every set of k winners tried one by one, with and without a given runner', () => {
    const random = randomOf(2026);
    for (let round = 0; round < 400; round++) {
      const runnerCount = 1 + random(7);
      const winners = 1 + random(runnerCount);
      const bets = randomBets(random, runnerCount);
      const outcomes = positionOf(bets, runnerCount).outcomes();
      const sets = subsets(runnerCount, winners);
      expect(worstPnlMinor(outcomes, winners)).toBe(bruteWorst(bets, sets));
      expect(runnerOutcomesOf(bets, runnerCount)).toEqual(outcomes);
      const runner = random(runnerCount);
      const withIt = sets.filter((set) => set.includes(runner));
      const without = sets.filter((set) => !set.includes(runner));
      expect(worstPnlWithWinnerMinor(outcomes, winners, runner)).toBe(bruteWorst(bets, withIt));
      expect(worstPnlWithoutWinnerMinor(outcomes, winners, runner)).toBe(bruteWorst(bets, without));
    }
  });

  it('holds both liabilities of two lays when two runners win', () => {
    // Lay A 100 @ 3.00 (liability 200) and lay B 100 @ 4.00 (liability 300) among four runners.
    const bets = [lay(0, 10_000n, 300), lay(1, 10_000n, 400)];
    expect(runnerExposureMinor(bets, 4, 1)).toBe(30_000n - 10_000n);
    expect(runnerExposureMinor(bets, 4, 2)).toBe(50_000n);
    const position = positionOf(bets, 4);
    expect(exposureOfOutcomes(position.outcomes(), 2)).toBe(50_000n);
  });

  it('takes the worst pair for a back and two lays mixed', () => {
    // Back A 100 @ 2.00, lay B 100 @ 3.00 (liability 200), lay C 100 @ 2.00 (liability 100). One winner:
    // worst is B (−100 − 200 + 100). Two: B and C (−100 − 200 − 100); A with either is no loss.
    const bets = [back(0, 10_000n, 200), lay(1, 10_000n, 300), lay(2, 10_000n, 200)];
    expect(runnerExposureMinor(bets, 3, 1)).toBe(20_000n);
    expect(runnerExposureMinor(bets, 3, 2)).toBe(40_000n);
    expect(worstPnlWithWinnerMinor(runnerOutcomesOf(bets, 3), 2, 0)).toBe(0n);
  });

  it('caps the winners at the runners: every runner wins', () => {
    const bets = [back(0, 10_000n, 200), lay(1, 10_000n, 500), back(2, 5_000n, 300)];
    expect(winnerCountOf(5, 3)).toBe(3);
    expect(winnerCountOf(0, 3)).toBe(1);
    expect(winnerCountOf(2.5, 3)).toBe(1);
    // All three win: +100 on A, −400 on B, +100 on C.
    expect(runnerExposureMinor(bets, 3, 3)).toBe(20_000n);
    expect(runnerExposureMinor(bets, 3, 9)).toBe(20_000n);
    const outcomes = runnerOutcomesOf(bets, 3);
    expect(worstPnlWithoutWinnerMinor(outcomes, 3, 0)).toBeNull();
  });

  it('a market risk holds over its winners and answers every account when the count moves', () => {
    const created = RunnerMarketRisk.create(4, 2);
    if (!created.ok) throw new Error(created.code);
    const risk = created.value;
    risk.addBookmakerBet('layer', { runnerIndex: 0, side: 'LAY', stakeMinor: 10_000n, rate: 200 });
    risk.addBookmakerBet('layer', { runnerIndex: 1, side: 'LAY', stakeMinor: 10_000n, rate: 300 });
    expect(risk.winnerCount).toBe(2);
    expect(risk.exposureMinor('layer')).toBe(50_000n);
    expect(risk.setWinners(2)).toEqual([]);
    expect(risk.setWinners(1)).toEqual([{ accountId: 'layer', exposureMinor: 20_000n }]);
  });
});
