import { MAX_TICK, MIN_TICK, priceHundredthsOfTick } from '@backlay/exchange';
import { PPM_TOTAL } from './ppm.ts';

export interface QuoteTicks {
  /** Best price offered to backers: at or below fair, widened by the margin. */
  readonly backTick: number;
  /** Best price offered to layers: at or above fair, widened by the margin; always above backTick. */
  readonly layTick: number;
}

const BASIS_POINTS = 10_000;

/** floor(numerator / denominator) for non-negative safe integers, exact despite float division. */
function floorDiv(numerator: number, denominator: number): number {
  let quotient = Math.floor(numerator / denominator);
  if (quotient * denominator > numerator) quotient--;
  if ((quotient + 1) * denominator <= numerator) quotient++;
  return quotient;
}

/** Highest tick whose price is <= priceHundredths (MIN_TICK if none). */
function tickAtOrBelow(priceHundredths: number): number {
  let low = MIN_TICK;
  let high = MAX_TICK;
  if (priceHundredthsOfTick(low) > priceHundredths) return MIN_TICK;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (priceHundredthsOfTick(middle) <= priceHundredths) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Lowest tick whose price is >= priceHundredths (MAX_TICK if none). */
function tickAtOrAbove(priceHundredths: number): number {
  const below = tickAtOrBelow(priceHundredths);
  return priceHundredthsOfTick(below) >= priceHundredths ? below : Math.min(MAX_TICK, below + 1);
}

/**
 * Back and lay ticks around a fair probability (ppm). The margin widens the implied probability
 * both ways: back at 1 / (p x (1 + m)), rounded down to the ladder; lay at 1 / (p x (1 - m)),
 * rounded up. Integer arithmetic only (products stay below 2^53).
 */
export function quoteTicks(probabilityPpm: number, marginBasisPoints: number): QuoteTicks {
  if (!Number.isInteger(probabilityPpm) || probabilityPpm < 1 || probabilityPpm > PPM_TOTAL) {
    throw new RangeError(`probability ${probabilityPpm} ppm is outside 1..${PPM_TOTAL}`);
  }
  if (!Number.isInteger(marginBasisPoints) || marginBasisPoints < 0 || marginBasisPoints >= BASIS_POINTS) {
    throw new RangeError(`margin ${marginBasisPoints} bp is outside 0..9999`);
  }
  // price (hundredths) = 100 / p = 100 * 10^6 / ppm; scaled by 10^4 basis points on both sides.
  const scaledOne = 100 * PPM_TOTAL * BASIS_POINTS;
  const backHundredths = floorDiv(scaledOne, probabilityPpm * (BASIS_POINTS + marginBasisPoints));
  const layDenominator = probabilityPpm * (BASIS_POINTS - marginBasisPoints);
  const layHundredths = floorDiv(scaledOne + layDenominator - 1, layDenominator); // ceiling
  const backTick = tickAtOrBelow(backHundredths);
  let layTick = tickAtOrAbove(layHundredths);
  if (layTick <= backTick) layTick = Math.min(MAX_TICK, backTick + 1);
  return { backTick: layTick === backTick ? Math.max(MIN_TICK, backTick - 1) : backTick, layTick };
}

/** The fair price as a ladder tick (nearest at or below), for display next to the quotes. */
export function fairTick(probabilityPpm: number): number {
  return tickAtOrBelow(floorDiv(100 * PPM_TOTAL, Math.max(1, probabilityPpm)));
}
