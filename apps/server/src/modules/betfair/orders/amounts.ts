import { MAX_LEDGER_AMOUNT_MINOR, parseAmountMinor } from '@backlay/ledger';
import { majorUnits, priceOfTick } from '../catalogue/prices.ts';
import { betfairDate } from '../catalogue/shapes.ts';

/**
 * Betfair's numbers and ours: sizes are JSON numbers in major units (2.5), read exactly into minor
 * units and written from them through their decimal text, so no money passes through float arithmetic.
 */

/** A size as minor units; null when it is not a positive amount with at most two decimals. */
export function minorOfSize(size: unknown): bigint | null {
  const parsed = parseAmountMinor(size, { maxMinor: MAX_LEDGER_AMOUNT_MINOR });
  return parsed.ok ? parsed.amountMinor : null;
}

/** Minor units as Betfair's number: 1250n → 12.5 (the catalogue's own conversion). */
export const sizeOfMinor = (minor: bigint): number => majorUnits(minor);

/** A portal money string ("12.50") as Betfair's number. */
export const sizeOfMoney = (money: string): number => Number(money);

/** A ladder tick as decimal odds. */
export { priceOfTick };

/** The average matched price of Σ size × price-hundredths over the matched size, 0 when none matched. */
export function averagePrice(matchedValue: bigint, matchedMinor: bigint): number {
  return matchedMinor > 0n ? Number(matchedValue / matchedMinor) / 100 : 0;
}

/** Betfair's date form, always with milliseconds and Z: 2031-01-10T12:00:00.000Z (the catalogue's own). */
export { betfairDate };
