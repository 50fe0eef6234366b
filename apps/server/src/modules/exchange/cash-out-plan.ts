import {
  planGreenUp,
  priceHundredthsOfTick,
  worstPnlWithWinnerMinor,
  worstPnlWithoutWinnerMinor,
  type BestTicks,
} from '@backlay/exchange';
import type { MarketUnit } from './market-unit.ts';

export type HedgeOrder = { runnerIndex: number; side: 'BACK' | 'LAY'; priceTick: number; stakeMinor: bigint };
export type CashOutPlan = { orders: HedgeOrder[]; profitMinor: bigint };

/**
 * The hedge that leaves the player the same profit whatever wins (docs/decisions/0134), at the best
 * prices on the book now. With P[o] the player's profit if runner o wins and p_o the price taken on o,
 * backing o with stake b_o moves P[o] by b_o·p_o − B (B the total backed, lays negative), so equal
 * profit c needs b_o = (k − P[o]) / p_o for one k, giving c = k − Σ b_o. Each runner's current profit is
 * tried as k (that runner left alone) and the best c for the player is kept.
 */
export function planCashOut(unit: MarketUnit, playerId: string): CashOutPlan | null {
  const winners = unit.risk.winnerCount;
  if (winners > 1) {
    // Several winners: each runner is hedged on its own (docs/decisions/0285).
    const plan = planGreenUp(unit.risk.outcomes(playerId), bestTicks(unit), winners);
    return plan && { orders: plan.legs, profitMinor: plan.profitMinor };
  }
  const pnl = unit.risk.outcomePnlMinor(playerId);
  if (pnl.length < 2 || pnl.every((value) => value === pnl[0])) return null;
  const prices = bestTicks(unit);
  let best: CashOutPlan | null = null;
  for (const k of new Set(pnl)) {
    const plan = planFor(k, pnl, prices);
    if (plan && (best === null || plan.profitMinor > best.profitMinor)) best = plan;
  }
  return best;
}

/**
 * The player's profit if `runnerIndex` wins and if it does not, after a cash out. Several winners: the
 * worst set of winners with it and without it (without it is impossible when every runner wins).
 */
export function profitsAround(
  unit: MarketUnit,
  playerId: string,
  runnerIndex: number,
): { ifWinMinor: bigint; ifLoseMinor: bigint } {
  const winners = unit.risk.winnerCount;
  if (winners > 1) {
    const outcomes = unit.risk.outcomes(playerId);
    const ifWinMinor = worstPnlWithWinnerMinor(outcomes, winners, runnerIndex);
    return {
      ifWinMinor,
      ifLoseMinor: worstPnlWithoutWinnerMinor(outcomes, winners, runnerIndex) ?? ifWinMinor,
    };
  }
  const after = unit.risk.outcomePnlMinor(playerId);
  const ifWinMinor = after[runnerIndex] ?? 0n;
  const ifLoseMinor = after
    .filter((_, index) => index !== runnerIndex)
    .reduce((low, value) => (value < low ? value : low), ifWinMinor);
  return { ifWinMinor, ifLoseMinor };
}

/** The best tick on the book for each runner: to back at and to lay at. */
function bestTicks(unit: MarketUnit): BestTicks[] {
  return unit.info.runners.map((_, index) => {
    const ladder = unit.engine.ladder(index, 1);
    const best = ladder.ok ? ladder.value : { availableToBack: [], availableToLay: [] };
    return { back: best.availableToBack[0]?.priceTick, lay: best.availableToLay[0]?.priceTick };
  });
}

function planFor(k: bigint, pnl: readonly bigint[], prices: readonly BestTicks[]): CashOutPlan | null {
  const orders: HedgeOrder[] = [];
  let netBackedMinor = 0n;
  for (let index = 0; index < pnl.length; index += 1) {
    const gap = k - pnl[index]!;
    if (gap === 0n) continue;
    const side = gap > 0n ? 'BACK' : 'LAY';
    const priceTick = side === 'BACK' ? prices[index]!.back : prices[index]!.lay;
    if (priceTick === undefined) return null;
    const stakeMinor = ((gap < 0n ? -gap : gap) * 100n) / BigInt(priceHundredthsOfTick(priceTick));
    if (stakeMinor === 0n) continue;
    orders.push({ runnerIndex: index, side, priceTick, stakeMinor });
    netBackedMinor += side === 'BACK' ? stakeMinor : -stakeMinor;
  }
  return orders.length === 0 ? null : { orders, profitMinor: k - netBackedMinor };
}
