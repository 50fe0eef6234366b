import { priceHundredthsOfTick } from '../ladder.ts';
import type { Side } from '../types.ts';
import { profitMinor } from './money.ts';
import { worstPnlMinor, type RunnerOutcomes } from './winners.ts';

/** The best ticks on the book for one runner: to back at (resting lays) and to lay at (resting backs). */
export interface BestTicks {
  readonly back: number | undefined;
  readonly lay: number | undefined;
}

export interface GreenUpLeg {
  readonly runnerIndex: number;
  readonly side: Side;
  readonly priceTick: number;
  readonly stakeMinor: bigint;
}

/** The legs, the position they leave if all match, and the profit it guarantees over every set. */
export interface GreenUpPlan {
  readonly legs: GreenUpLeg[];
  readonly after: RunnerOutcomes;
  readonly profitMinor: bigint;
}

/**
 * Cash out on a market paying `winners` runners (docs/decisions/0285). A bet pays only on its own
 * runner placing or not, so a position is a sum of two-outcome positions and each runner is hedged on
 * its own: with g the runner's gain if it wins (winGainMinor), a back of b at price p adds b·p to g and a
 * lay takes it away, so b = |g| / p (a back when g < 0) brings g to zero. Stakes round down as the
 * one-winner planner's do (docs/decisions/0134), which leaves |g| below one stake unit at the price. A
 * runner with no price for its side keeps its gain: it is equalised where the book allows. Once every g
 * is zero each set of winners pays Σ lose, so the profit answered is the worst set, which every set
 * meets and none beats by more than the rounding and the runners left alone.
 */
export function planGreenUp(
  outcomes: RunnerOutcomes,
  ticks: readonly BestTicks[],
  winners: number,
): GreenUpPlan | null {
  const loseMinor = [...outcomes.loseMinor];
  const winGainMinor = [...outcomes.winGainMinor];
  const legs: GreenUpLeg[] = [];
  for (let runner = 0; runner < winGainMinor.length; runner++) {
    const leg = legFor(runner, winGainMinor[runner]!, ticks[runner]);
    if (leg === null) continue;
    const effect = legEffectMinor(leg);
    loseMinor[runner]! += effect.loseMinor;
    winGainMinor[runner]! += effect.winGainMinor;
    legs.push(leg);
  }
  if (legs.length === 0) return null;
  const after = { loseMinor, winGainMinor };
  return { legs, after, profitMinor: worstPnlMinor(after, winners) };
}

function legFor(runnerIndex: number, gainMinor: bigint, ticks: BestTicks | undefined): GreenUpLeg | null {
  if (gainMinor === 0n) return null;
  const side: Side = gainMinor < 0n ? 'BACK' : 'LAY';
  const priceTick = side === 'BACK' ? ticks?.back : ticks?.lay;
  if (priceTick === undefined) return null;
  const gapMinor = gainMinor < 0n ? -gainMinor : gainMinor;
  const stakeMinor = (gapMinor * 100n) / BigInt(priceHundredthsOfTick(priceTick));
  return stakeMinor === 0n ? null : { runnerIndex, side, priceTick, stakeMinor };
}

/**
 * What a leg matched in full adds to its runner's P&L if it loses and to its gain if it wins, with the
 * winnings rounded down as a fill's are (money.ts), so the plan's figures are the settlement's.
 */
export function legEffectMinor(leg: GreenUpLeg): { loseMinor: bigint; winGainMinor: bigint } {
  const winningsMinor = profitMinor(leg.stakeMinor, priceHundredthsOfTick(leg.priceTick));
  return leg.side === 'BACK'
    ? { loseMinor: -leg.stakeMinor, winGainMinor: winningsMinor + leg.stakeMinor }
    : { loseMinor: leg.stakeMinor, winGainMinor: -(winningsMinor + leg.stakeMinor) };
}
