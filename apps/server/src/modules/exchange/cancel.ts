import type { Result } from '../../platform/rejections.ts';
import type { Deferred } from '../../platform/units/index.ts';
import { betView } from './bet-view.ts';
import { commit, type ExchangeContext } from './context.ts';
import { Effects } from './effects.ts';
import { betError, engineRejection } from './errors.ts';
import { remainingMinor, type MarketUnit } from './market-unit.ts';
import { namesOf } from './names.ts';
import type { PlaceAnswer } from './place-command.ts';

export type CancelCommand = { type: 'cancel'; playerId: string; betId: string };

/** Cancels what is unmatched of the player's own bet; the matched part stands. */
export function cancelBet(
  ctx: ExchangeContext,
  unit: MarketUnit,
  command: CancelCommand,
): Result<PlaceAnswer> | Deferred<PlaceAnswer> {
  const bet = unit.bets.get(command.betId);
  if (!bet || bet.playerId !== command.playerId) return betError('BET_NOT_FOUND');
  if (remainingMinor(bet) <= 0n || (bet.status !== 'UNMATCHED' && bet.status !== 'PARTIALLY_MATCHED'))
    return betError('NOTHING_TO_CANCEL');
  const cancelled = unit.engine.cancel(bet.id);
  if (!cancelled.ok) return engineRejection(cancelled.code);
  const effects = new Effects();
  unit.apply(cancelled.value.events, effects, new Date(ctx.nowMs()).toISOString());
  return commit(ctx, effects, { bet: betView(bet, namesOf(unit, bet)), replayed: false, selfMatched: false });
}
