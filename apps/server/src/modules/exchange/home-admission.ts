import { priceHundredthsOfTick, unmatchedLiabilityMinor } from '@backlay/exchange';
import type { BetSide } from '@backlay/contracts';
import type { Rejection, Result } from '../../platform/rejections.ts';
import { admissionRejection, type AdmissionCode, type AdmissionGate } from '../admission/index.ts';
import type { PlaceAnswer } from './place-command.ts';

/** What the home knows of the market from its lookup before placing. */
export type HomeMarket = { id: string; eventId: string; sport: string };

export type HomeOrder = { side: BetSide; priceTick: number; stakeMinor: bigint };

/**
 * Refusals that only the market's owner can judge exactly: netting against the player's position
 * there may make the order add less than its worst case, so the owner's gate decides instead.
 */
const OWNER_JUDGES = new Set<AdmissionCode>([
  'INSUFFICIENT_FUNDS',
  'EXPOSURE_LIMIT_REACHED',
  'LOSS_LIMIT_REACHED',
]);

/**
 * An order's own worst case: a back loses its stake, a lay its liability. Whatever the player already
 * holds on the market, the order cannot raise the worst outcome by more (docs/decisions/0315).
 */
export function worstCaseMinor(order: HomeOrder): bigint {
  if (order.side === 'BACK') return order.stakeMinor;
  return unmatchedLiabilityMinor(order.stakeMinor, priceHundredthsOfTick(order.priceTick));
}

/**
 * The player's home judges an order for a market owned elsewhere (docs/decisions/0315): locks, stake
 * caps and breaks from its own standing, and money against the order's worst case, reserved here until
 * the owner answers. Answers the amount reserved, a refusal the home is sure of, or null when only the
 * owner can tell (the worst case does not fit, but the order might by netting).
 */
export async function admitAtHome(
  gate: AdmissionGate,
  playerId: string,
  market: HomeMarket,
  order: HomeOrder,
): Promise<HomeReservation | Rejection | null> {
  await gate.prepare(playerId);
  const worstMinor = worstCaseMinor(order);
  const admission = gate.admit(playerId, {
    amountMinor: worstMinor,
    stake: { kind: 'stake', stakeMinor: order.stakeMinor },
    marketId: market.id,
    eventId: market.eventId,
    sport: market.sport,
  });
  if (!admission.ok) return OWNER_JUDGES.has(admission.code) ? null : admissionRejection(admission);
  gate.funds.reserve(playerId, worstMinor);
  let reserved = true;
  const end = () => {
    if (reserved) gate.funds.reserve(playerId, -worstMinor);
    reserved = false;
  };
  return { admittedMinor: worstMinor, end };
}

/** A reservation made at home, ended once, by whichever comes first: the owner or the answer. */
export type HomeReservation = { admittedMinor: bigint; end(): void };

/**
 * The owner answered: the reservation goes, and the cash and holds the bet's batch left (when the
 * answer carries them) replace what the home knew.
 */
export function settleAtHome(
  gate: AdmissionGate,
  playerId: string,
  reservation: HomeReservation,
  result: Result<PlaceAnswer> | null,
): void {
  reservation.end();
  const money = result?.ok ? result.value.moneyAfter : undefined;
  if (!money) return;
  gate.funds.learn(playerId, BigInt(money.cashMinor));
  gate.funds.learnExposure(playerId, BigInt(money.exposureMinor));
}
