import type { Bet } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import { ok, reject, type Result } from '../../platform/rejections.ts';
import type { Deferred } from '../../platform/units/index.ts';
import { exposureIncreaseRefusal, refusalBeforeAdmission } from './admit.ts';
import { betView } from './bet-view.ts';
import { commit, type ExchangeContext } from './context.ts';
import { Effects } from './effects.ts';
import { betError, engineRejection } from './errors.ts';
import { planCashOut, profitsAround } from './cash-out-plan.ts';
import { liveStatus, type MarketUnit } from './market-unit.ts';
import { namesOf } from './names.ts';
import type { BetState } from './types.ts';

export type CashOutCommand = {
  type: 'cashOut';
  playerId: string;
  /** Ids for the hedge's orders, one per runner at most. */
  betIds: string[];
  quoteOnly?: boolean;
};
export type CashOutAnswer = { bet: Bet | null; profitIfWin: string; profitIfLose: string; profit: string };

const nothingToCashOut = () =>
  reject('conflict', 'NOTHING_TO_CASH_OUT', 'There is no matched position on this market to cash out.');

/**
 * Cash out (docs/decisions/0134; on a market paying several winners, 0285): places the equalising hedge
 * as immediate orders in one command, so nothing else on the market moves between pricing and placing.
 * A quote only prices it.
 */
export async function cashOut(
  ctx: ExchangeContext,
  unit: MarketUnit,
  command: CashOutCommand,
): Promise<Result<CashOutAnswer> | Deferred<CashOutAnswer>> {
  if (unit.settled || unit.info.status === 'CLOSED') return betError('MARKET_CLOSED');
  if (unit.info.status === 'SUSPENDED' || unit.engine.status() === 'SUSPENDED')
    return betError('MARKET_SUSPENDED');
  const plan = planCashOut(unit, command.playerId);
  if (!plan) return nothingToCashOut();
  const profit = formatMinor(plan.profitMinor);
  if (command.quoteOnly) return ok({ bet: null, profitIfWin: profit, profitIfLose: profit, profit });
  const notReady = await refusalBeforeAdmission(ctx, unit, command.playerId);
  if (notReady) return notReady;
  const effects = new Effects();
  const nowIso = new Date(ctx.nowMs()).toISOString();
  const placed: BetState[] = [];
  for (const [index, order] of plan.orders.entries()) {
    const intent = {
      runnerIndex: order.runnerIndex,
      side: order.side,
      priceTick: order.priceTick,
      sizeMinor: Number(order.stakeMinor),
    };
    const increase = unit.risk.holdIncreaseMinor(command.playerId, intent);
    if (!increase.ok) return engineRejection(increase.code);
    const pending = effects.reserved.get(command.playerId) ?? 0n;
    const refused = exposureIncreaseRefusal(ctx, unit, command.playerId, {
      increaseMinor: pending + increase.value,
      stake: { kind: 'hedge' },
    });
    if (refused) return refused;
    const bet = hedgeBet(unit, command, index, order, nowIso);
    const result = unit.engine.place({
      orderId: bet.id,
      accountId: bet.playerId,
      ...intent,
      timeInForce: 'IOC',
    });
    if (!result.ok) continue;
    unit.bets.set(bet.id, bet);
    unit.apply(result.value.events, effects, nowIso);
    bet.status = liveStatus(bet);
    effects.bet(bet);
    placed.push(bet);
  }
  const main = placed.sort((a, b) => (a.stakeMinor > b.stakeMinor ? -1 : 1))[0];
  if (!main) return nothingToCashOut();
  const { ifWinMinor, ifLoseMinor } = profitsAround(unit, command.playerId, main.runnerIndex);
  return commit(ctx, effects, {
    bet: betView(main, namesOf(unit, main)),
    profitIfWin: formatMinor(ifWinMinor),
    profitIfLose: formatMinor(ifLoseMinor),
    profit,
  });
}

function hedgeBet(
  unit: MarketUnit,
  command: CashOutCommand,
  index: number,
  order: { runnerIndex: number; side: 'BACK' | 'LAY'; priceTick: number; stakeMinor: bigint },
  nowIso: string,
): BetState {
  const id = command.betIds[index] ?? `${command.betIds[0]}-${index}`;
  return {
    id,
    seq: unit.nextSeq++,
    playerId: command.playerId,
    marketId: unit.id,
    runnerId: unit.info.runners[order.runnerIndex]!.id,
    runnerIndex: order.runnerIndex,
    side: order.side,
    priceTick: order.priceTick,
    stakeMinor: order.stakeMinor,
    matchedMinor: 0n,
    matchedValue: 0n,
    cancelledMinor: 0n,
    status: 'UNMATCHED',
    persistence: 'LAPSE',
    clientRef: `cash-out:${id}`,
    fingerprint: 'cash-out',
    profitMinor: null,
    line: null,
    placedAt: nowIso,
    updatedAt: nowIso,
  };
}
