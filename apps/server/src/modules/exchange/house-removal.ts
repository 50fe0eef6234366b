import { priceHundredthsOfTick } from '@backlay/exchange';
import type { Result } from '../../platform/rejections.ts';
import type { Deferred } from '../../platform/units/index.ts';
import { commit, type ExchangeContext } from './context.ts';
import { Effects } from './effects.ts';
import { engineRejection } from './errors.ts';
import type { MarketUnit } from './market-unit.ts';
import type { RunnerRemoval } from './types.ts';

/** What `removeRunner` answers (remove-runner.ts): nothing rests on a house market, nothing is reduced. */
type HouseRemovalAnswer = {
  applied: boolean;
  voidedBets: number;
  cancelledOrders: number;
  reducedFills: number;
};

/**
 * A non-runner on a bookmaker line (docs/decisions/0278): every bet the house took on it is void and
 * its hold released; bets on the others stand at their price, the house carrying what Betfair's
 * reduction would have taken off them. Recorded like an exchange market's removal, so a repeat changes
 * nothing.
 */
export function removeHouseRunner(
  ctx: ExchangeContext,
  unit: MarketUnit,
  removal: RunnerRemoval,
): Result<HouseRemovalAnswer> | Deferred<HouseRemovalAnswer> {
  const nowIso = new Date(ctx.nowMs()).toISOString();
  const effects = new Effects();
  const runnerIndex = unit.runnerIndexOf(removal.runnerId);
  const onRunner = [...unit.bets.values()].filter(
    (bet) => bet.runnerIndex === runnerIndex && bet.status === 'MATCHED',
  );
  for (const bet of onRunner) {
    // The opposite bet at the same stake and rate cancels this one's profit or loss on every outcome
    // exactly, so the risk in memory drops it as a rebuild (which skips void bets) would.
    const offset = unit.risk.addBookmakerBet(bet.playerId, {
      runnerIndex,
      side: bet.side === 'BACK' ? 'LAY' : 'BACK',
      stakeMinor: bet.matchedMinor,
      rate: priceHundredthsOfTick(bet.priceTick) - 100,
    });
    if (!offset.ok) return engineRejection(offset.code);
    unit.recordExposures([offset.value], effects);
    bet.matchedMinor = 0n;
    bet.matchedValue = 0n;
    bet.cancelledMinor = bet.stakeMinor;
    bet.status = 'VOID';
    bet.profitMinor = 0n;
    bet.updatedAt = nowIso;
    effects.bet(bet);
  }
  unit.removals.set(removal.runnerId, removal);
  unit.refreshWinners(effects);
  effects.removals.push({ marketId: unit.id, ...removal });
  effects.markets.add(unit.id);
  return commit(ctx, effects, {
    applied: true,
    voidedBets: onRunner.length,
    cancelledOrders: 0,
    reducedFills: 0,
  });
}
