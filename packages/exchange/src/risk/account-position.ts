import type { Side } from '../types.ts';
import { profitMinor, unmatchedLiabilityMinor } from './money.ts';
import { pnlIfEachWinsMinor, type RunnerOutcomes } from './winners.ts';

interface UnmatchedPart {
  readonly runnerIndex: number;
  readonly side: Side;
  readonly priceHundredths: number;
  remainingMinor: bigint;
}

const zeros = (count: number): bigint[] => new Array<bigint>(count).fill(0n);

/**
 * One account's position in one runner market, kept as per-runner sums so exposure for any order
 * count is O(runners): what backs win or lose and what lays pay or collect on each runner, plus
 * the adverse side of unmatched parts (a back's stake, a lay's liability).
 */
export class AccountPosition {
  readonly backProfitMinor: bigint[];
  readonly backStakeMinor: bigint[];
  readonly layLiabilityMinor: bigint[];
  readonly layStakeMinor: bigint[];
  readonly unmatchedBackStakeMinor: bigint[];
  readonly unmatchedLayLiabilityMinor: bigint[];
  private readonly unmatched = new Map<string, UnmatchedPart>();

  constructor(readonly runnerCount: number) {
    this.backProfitMinor = zeros(runnerCount);
    this.backStakeMinor = zeros(runnerCount);
    this.layLiabilityMinor = zeros(runnerCount);
    this.layStakeMinor = zeros(runnerCount);
    this.unmatchedBackStakeMinor = zeros(runnerCount);
    this.unmatchedLayLiabilityMinor = zeros(runnerCount);
  }

  addMatched(runnerIndex: number, side: Side, sizeMinor: bigint, priceHundredths: number): void {
    const amount = profitMinor(sizeMinor, priceHundredths);
    if (side === 'BACK') {
      this.backProfitMinor[runnerIndex]! += amount;
      this.backStakeMinor[runnerIndex]! += sizeMinor;
    } else {
      this.layLiabilityMinor[runnerIndex]! += amount;
      this.layStakeMinor[runnerIndex]! += sizeMinor;
    }
  }

  /** Records an order's new unmatched size (zero removes it). */
  setUnmatched(orderId: string, part: Omit<UnmatchedPart, 'remainingMinor'>, remainingMinor: bigint): void {
    const existing = this.unmatched.get(orderId);
    if (existing !== undefined) this.addAdverse(existing, existing.remainingMinor, -1n);
    const next = { ...part, remainingMinor };
    this.addAdverse(next, remainingMinor, 1n);
    if (remainingMinor === 0n) this.unmatched.delete(orderId);
    else this.unmatched.set(orderId, next);
  }

  reduceUnmatched(orderId: string, byMinor: bigint): void {
    const existing = this.unmatched.get(orderId);
    if (existing !== undefined) this.setUnmatched(orderId, existing, existing.remainingMinor - byMinor);
  }

  addAdverse(part: Omit<UnmatchedPart, 'remainingMinor'>, sizeMinor: bigint, sign: bigint): void {
    if (part.side === 'BACK') this.unmatchedBackStakeMinor[part.runnerIndex]! += sign * sizeMinor;
    else {
      const liability = unmatchedLiabilityMinor(sizeMinor, part.priceHundredths);
      this.unmatchedLayLiabilityMinor[part.runnerIndex]! += sign * liability;
    }
  }

  /**
   * Each runner's P&L if it loses and what its winning adds (winners.ts), counting unmatched parts on
   * their adverse side only: a back's stake if its runner loses, a lay's liability if it wins.
   */
  outcomes(): RunnerOutcomes {
    const loseMinor: bigint[] = [];
    const winGainMinor: bigint[] = [];
    for (let runner = 0; runner < this.runnerCount; runner++) {
      const lose =
        this.layStakeMinor[runner]! - this.backStakeMinor[runner]! - this.unmatchedBackStakeMinor[runner]!;
      const win =
        this.backProfitMinor[runner]! -
        this.layLiabilityMinor[runner]! -
        this.unmatchedLayLiabilityMinor[runner]!;
      loseMinor.push(lose);
      winGainMinor.push(win - lose);
    }
    return { loseMinor, winGainMinor };
  }

  /** P&L per outcome "runner i wins" (one winner), counting unmatched parts on their adverse side only. */
  outcomePnlMinor(): bigint[] {
    return pnlIfEachWinsMinor(this.outcomes());
  }

  /** Matched P&L when every runner in `winners` counts as a winner; unmatched parts are void. */
  settledPnlMinor(winners: ReadonlySet<number>): bigint {
    let total = 0n;
    for (let runner = 0; runner < this.runnerCount; runner++) {
      total += winners.has(runner)
        ? this.backProfitMinor[runner]! - this.layLiabilityMinor[runner]!
        : this.layStakeMinor[runner]! - this.backStakeMinor[runner]!;
    }
    return total;
  }
}
