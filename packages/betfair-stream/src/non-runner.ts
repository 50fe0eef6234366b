import { factorBasisPointsOf, reducedPriceHundredths as reduceByBasisPoints } from '@backlay/exchange';

/**
 * The matched price of a bet after the runners removed since it was matched (Betfair rule 13.7), with
 * the factors as the stream gives them: the removed runners' `adjustmentFactor` percents (22.12), in
 * the order they were removed. A WIN price is reduced by each factor; a PLACE bet keeps its stake and
 * has only its winnings (price − 1) reduced; factors of 2.5 % or less are not applied; never below 1.01.
 * Example: 800 (8.0) with [25] is 600 (6.0).
 *
 * The arithmetic is the exchange package's, so a feed's reduction and the settlement's agree to the
 * hundredth: the factors compound exactly (in integers, factors as basis points) and the product is
 * rounded down once to a whole hundredth, as the ledger rounds winnings down; rounding down never pays
 * a backer above the exact reduced price, and both sides of a bet share the price so the market stays
 * zero-sum. A factor that is none (negative, 100 % or more, not finite) is ignored.
 */
export function reducedPriceHundredths(
  priceHundredths: number,
  factors: readonly number[],
  kind: 'WIN' | 'PLACE',
): number {
  const basisPoints = factors.map(factorBasisPointsOf).filter((factor): factor is number => factor !== null);
  return reduceByBasisPoints(priceHundredths, basisPoints, kind);
}
