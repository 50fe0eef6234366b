import { priceHundredthsOfTick } from '@backlay/exchange';
import { minorToNumber } from '@backlay/ledger';

/**
 * The API's numbers: Betfair sends prices and sizes as JSON numbers. Both come from integers (a ladder
 * tick, minor units) through their exact decimal text, so each is the number nearest that text.
 */
export const priceOfTick = (tick: number): number => {
  const hundredths = priceHundredthsOfTick(tick);
  return Number(`${Math.trunc(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`);
};

export const majorUnits = (minor: bigint | number): number => minorToNumber(BigInt(minor));
