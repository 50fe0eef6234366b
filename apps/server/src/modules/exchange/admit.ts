import { reject, type Rejection } from '../../platform/rejections.ts';
import { admissionRejection, type Stake } from '../admission/index.ts';
import type { ExchangeContext } from './context.ts';
import type { MarketUnit } from './market-unit.ts';

/**
 * Lets the admission gate read what it needs of the player (at most once a second), then refuses if the
 * market went stale meanwhile: the await lets other commands run, and a market a failed batch made
 * stale refuses instead of guessing. Null when the bet may go on to the gate's verdict.
 */
export async function refusalBeforeAdmission(
  ctx: ExchangeContext,
  unit: MarketUnit,
  playerId: string,
): Promise<Rejection | null> {
  await ctx.admission.prepare(playerId);
  return unit.stale ? reject('unavailable', 'EXCHANGE_UNAVAILABLE', 'Please retry.', 1) : null;
}

/**
 * The gate's verdict on the player's exposure on the unit's market growing by `increaseMinor` for a
 * bet's stake or a cash-out's hedge, as the exchange answers it.
 */
export function exposureIncreaseRefusal(
  ctx: ExchangeContext,
  unit: MarketUnit,
  playerId: string,
  request: { increaseMinor: bigint; stake: Stake },
): Rejection | null {
  const admission = ctx.admission.admit(playerId, {
    amountMinor: request.increaseMinor,
    stake: request.stake,
    marketId: unit.info.id,
    eventId: unit.info.eventId,
    sport: unit.info.sport,
  });
  return admission.ok ? null : admissionRejection(admission);
}
