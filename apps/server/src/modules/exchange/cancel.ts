import type { Persistence } from '@backlay/exchange';
import { ok, type Result } from '../../platform/rejections.ts';
import type { Deferred } from '../../platform/units/index.ts';
import { betView } from './bet-view.ts';
import { commit, type ExchangeContext } from './context.ts';
import { Effects } from './effects.ts';
import { betError, engineRejection } from './errors.ts';
import { remainingMinor, type MarketUnit } from './market-unit.ts';
import { namesOf } from './names.ts';
import type { PlaceAnswer } from './place-command.ts';

/** `reduceMinor` (decimal integer string): cancel only that much of the unmatched part. */
export type CancelCommand = { type: 'cancel'; playerId: string; betId: string; reduceMinor?: string };

/** Cancels what is unmatched of the player's own bet, or part of it; the matched part stands. */
export function cancelBet(
  ctx: ExchangeContext,
  unit: MarketUnit,
  command: CancelCommand,
): Result<PlaceAnswer> | Deferred<PlaceAnswer> {
  const bet = unit.bets.get(command.betId);
  if (!bet || bet.playerId !== command.playerId) return betError('BET_NOT_FOUND');
  if (remainingMinor(bet) <= 0n || (bet.status !== 'UNMATCHED' && bet.status !== 'PARTIALLY_MATCHED'))
    return betError('NOTHING_TO_CANCEL');
  const reduceBy = command.reduceMinor === undefined ? undefined : Number(command.reduceMinor);
  const cancelled = unit.engine.cancel(bet.id, reduceBy);
  if (!cancelled.ok) return engineRejection(cancelled.code);
  const cancelledBefore = bet.cancelledMinor;
  const effects = new Effects();
  unit.apply(cancelled.value.events, effects, new Date(ctx.nowMs()).toISOString());
  return commit(ctx, effects, {
    bet: betView(bet, namesOf(unit, bet)),
    replayed: false,
    selfMatched: false,
    cancelledNowMinor: (bet.cancelledMinor - cancelledBefore).toString(),
  });
}

export type PersistCommand = { type: 'persist'; playerId: string; betId: string; persistence: Persistence };

/** Changes what the unmatched part of the player's own bet does at the off (LAPSE or PERSIST). */
export function persistBet(
  ctx: ExchangeContext,
  unit: MarketUnit,
  command: PersistCommand,
): Result<PlaceAnswer> | Deferred<PlaceAnswer> {
  const bet = unit.bets.get(command.betId);
  if (!bet || bet.playerId !== command.playerId) return betError('BET_NOT_FOUND');
  if (remainingMinor(bet) <= 0n || (bet.status !== 'UNMATCHED' && bet.status !== 'PARTIALLY_MATCHED'))
    return betError('NOTHING_TO_CANCEL');
  const answer = { bet: betView(bet, namesOf(unit, bet)), replayed: false, selfMatched: false };
  if (bet.persistence === command.persistence) return ok(answer);
  const changed = unit.engine.setPersistence(bet.id, command.persistence);
  if (!changed.ok) return engineRejection(changed.code);
  const effects = new Effects();
  bet.persistence = command.persistence;
  unit.apply(changed.value.events, effects, new Date(ctx.nowMs()).toISOString());
  return commit(ctx, effects, { ...answer, bet: betView(bet, namesOf(unit, bet)) });
}
