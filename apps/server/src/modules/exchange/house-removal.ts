import { priceHundredthsOfTick, reducedPriceHundredths, type BookmakerBet } from '@backlay/exchange';
import type { Rejection, Result } from '../../platform/rejections.ts';
import type { Deferred } from '../../platform/units/index.ts';
import { commit, type ExchangeContext } from './context.ts';
import { Effects } from './effects.ts';
import { engineRejection } from './errors.ts';
import { standingHundredthsOf } from './house-bets.ts';
import type { MarketUnit } from './market-unit.ts';
import type { BetState, RunnerRemoval } from './types.ts';

/**
 * What `removeRunner` answers (remove-runner.ts): nothing rests on a house market; each bet the house
 * took is its own one match, so `reducedFills` counts the bets reduced.
 */
type HouseRemovalAnswer = {
  applied: boolean;
  voidedBets: number;
  cancelledOrders: number;
  reducedFills: number;
};

/**
 * A non-runner on a bookmaker line (docs/decisions/0278, 0284): every bet the house took on it is void
 * and its hold released, and every bet on another runner taken before the removal stands at its price
 * reduced as the exchange reduces a fill (Betfair rule 13.7: the win market's rule, compounding over
 * the removals after it). Recorded like an exchange market's removal, so a repeat changes nothing.
 */
export function removeHouseRunner(
  ctx: ExchangeContext,
  unit: MarketUnit,
  removal: RunnerRemoval,
): Result<HouseRemovalAnswer> | Deferred<HouseRemovalAnswer> {
  const nowIso = new Date(ctx.nowMs()).toISOString();
  const effects = new Effects();
  const runnerIndex = unit.runnerIndexOf(removal.runnerId);
  const matched = [...unit.bets.values()].filter((bet) => bet.status === 'MATCHED');
  const onRunner = matched.filter((bet) => bet.runnerIndex === runnerIndex);
  for (const bet of onRunner) {
    const moved = moveBet(unit, bet, null, effects);
    if (moved) return moved;
    bet.matchedMinor = 0n;
    bet.matchedValue = 0n;
    bet.cancelledMinor = bet.stakeMinor;
    bet.status = 'VOID';
    bet.profitMinor = 0n;
    bet.updatedAt = nowIso;
    effects.bet(bet);
  }
  unit.removals.set(removal.runnerId, removal);
  let reducedBets = 0;
  for (const bet of matched) {
    if (bet.runnerIndex === runnerIndex) continue;
    // The ladder price the house struck, reduced by every removal after the bet: factors compound.
    const struck = priceHundredthsOfTick(bet.priceTick);
    const target = reducedPriceHundredths(struck, factorsAfter(unit, bet), 'WIN');
    if (target === standingHundredthsOf(bet)) continue;
    const moved = moveBet(unit, bet, target, effects);
    if (moved) return moved;
    bet.matchedValue = bet.matchedMinor * BigInt(target);
    bet.updatedAt = nowIso;
    effects.bet(bet);
    reducedBets += 1;
  }
  unit.refreshWinners(effects);
  effects.removals.push({ marketId: unit.id, ...removal });
  effects.markets.add(unit.id);
  return commit(ctx, effects, {
    applied: true,
    voidedBets: onRunner.length,
    cancelledOrders: 0,
    reducedFills: reducedBets,
  });
}

/** The factors of every removal after the bet was taken, as the exchange judges a fill's match time. */
function factorsAfter(unit: MarketUnit, bet: BetState): number[] {
  const placedAtMs = Date.parse(bet.placedAt);
  return [...unit.removals.values()]
    .filter((removal) => placedAtMs < removal.removedAtMs)
    .map((removal) => removal.factorBasisPoints);
}

/**
 * Moves a bet in the risk from the price it stands at to `toHundredths`, or out of it (null), and
 * records the player's new exposure (the hold follows). The opposite bet at the same stake and rate
 * cancels the standing one's profit or loss on every outcome exactly, as a rebuild from the bets would
 * count it; answers a refusal only if the risk refuses.
 */
function moveBet(
  unit: MarketUnit,
  bet: BetState,
  toHundredths: number | null,
  effects: Effects,
): Rejection | null {
  const at = (side: BookmakerBet['side'], hundredths: number): BookmakerBet => ({
    runnerIndex: bet.runnerIndex,
    side,
    stakeMinor: bet.matchedMinor,
    rate: hundredths - 100,
  });
  const offset = unit.risk.addBookmakerBet(
    bet.playerId,
    at(bet.side === 'BACK' ? 'LAY' : 'BACK', standingHundredthsOf(bet)),
  );
  if (!offset.ok) return engineRejection(offset.code);
  let change = offset.value;
  if (toHundredths !== null) {
    const again = unit.risk.addBookmakerBet(bet.playerId, at(bet.side, toHundredths));
    if (!again.ok) return engineRejection(again.code);
    change = again.value;
  }
  unit.recordExposures([change], effects);
  return null;
}
