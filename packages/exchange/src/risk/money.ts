import { priceHundredthsOfTick } from '../ladder.ts';

/**
 * Odds arithmetic in integers. A matched bet's winnings are rounded down to the minor unit once per
 * fill, and the layer risks exactly that same integer, so every market stays zero-sum. An unmatched
 * lay is held at its liability rounded up, so the hold never falls short of what a fill could cost.
 */
export function profitMinor(sizeMinor: bigint, priceHundredths: number): bigint {
  return (sizeMinor * BigInt(priceHundredths - 100)) / 100n;
}

export function unmatchedLiabilityMinor(sizeMinor: bigint, priceHundredths: number): bigint {
  return (sizeMinor * BigInt(priceHundredths - 100) + 99n) / 100n;
}

export function priceHundredthsOf(priceTick: number): number {
  return priceHundredthsOfTick(priceTick);
}

/** Commission on net market winnings, rounded down; nothing on a net loss. */
export function commissionMinor(netPnlMinor: bigint, commissionBasisPoints: number): bigint {
  return netPnlMinor > 0n ? (netPnlMinor * BigInt(commissionBasisPoints)) / 10_000n : 0n;
}

export function isValidBasisPoints(basisPoints: unknown): basisPoints is number {
  return Number.isInteger(basisPoints) && (basisPoints as number) >= 0 && (basisPoints as number) <= 10_000;
}
