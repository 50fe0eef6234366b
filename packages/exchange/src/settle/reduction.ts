/**
 * Betfair's non-runner rule (13.7): when a runner is removed, every bet matched on the others before
 * the removal has its price reduced by the removed runner's adjustment factor. Factors are integer
 * basis points of a percent (25 % = 2500) so no float enters the price; prices are integer hundredths.
 */

/** How a market's prices are reduced: a win market's whole price, a place market's winnings only. */
export type ReductionKind = 'WIN' | 'PLACE';

/** A factor at or below 2.5 % is not applied (rule 13.7). */
export const MIN_APPLIED_FACTOR_BASIS_POINTS = 250;
/** A reduced price never goes below the ladder's lowest. */
export const MIN_REDUCED_PRICE_HUNDREDTHS = 101;
const WHOLE_BASIS_POINTS = 10_000n;

/** The factors that reduce a price: those above 2.5 %. */
export const appliedFactors = (factorsBasisPoints: readonly number[]): number[] =>
  factorsBasisPoints.filter((factor) => factor > MIN_APPLIED_FACTOR_BASIS_POINTS);

/**
 * A fill's price after every removal matched before it: the factors compound (each keeps 1 − f of
 * what the earlier left) and the exact product is rounded once, down to a whole hundredth, as the
 * ledger rounds winnings down. Both sides of a fill take the same price, so the market stays zero-sum
 * whatever the rounding; rounding down pays the backer no more than the exact reduced price.
 */
export function reducedPriceHundredths(
  priceHundredths: number,
  factorsBasisPoints: readonly number[],
  kind: ReductionKind,
): number {
  const factors = appliedFactors(factorsBasisPoints);
  if (factors.length === 0) return priceHundredths;
  let numerator = BigInt(kind === 'WIN' ? priceHundredths : priceHundredths - 100);
  let denominator = 1n;
  for (const factor of factors) {
    numerator *= WHOLE_BASIS_POINTS - BigInt(factor);
    denominator *= WHOLE_BASIS_POINTS;
  }
  const reduced = Number(numerator / denominator) + (kind === 'WIN' ? 0 : 100);
  return Math.max(reduced, MIN_REDUCED_PRICE_HUNDREDTHS);
}

/**
 * An adjustment factor as the source gives it (a percent, up to two decimals: 12.34) in basis points;
 * null when it is no factor (negative, 100 % or more, not finite).
 */
export function factorBasisPointsOf(percent: number): number | null {
  if (!Number.isFinite(percent) || percent < 0 || percent >= 100) return null;
  return Math.round(percent * 100);
}
