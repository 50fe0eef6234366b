import {
  MAX_PRICE_HUNDREDTHS,
  MIN_PRICE_HUNDREDTHS,
  priceHundredthsOfTick,
  TICK_COUNT,
} from '@backlay/exchange';

/**
 * Number checks for incoming changes. Each returns null when the value is fine, or the reason it is
 * not, worded for a log line; the caller adds where it was (market, runner).
 */

/** Prices are floats on the wire (1.01, 2.5, 110); a float a hair off a tick is rounding noise. */
const PRICE_TOLERANCE_HUNDREDTHS = 1e-6;

/** Marks every ladder price in hundredths: a typed-array look-up keeps the fold free of allocations. */
const ON_LADDER = buildLadderMarks();

function buildLadderMarks(): Uint8Array {
  const marks = new Uint8Array(MAX_PRICE_HUNDREDTHS + 1);
  for (let tick = 0; tick < TICK_COUNT; tick += 1) marks[priceHundredthsOfTick(tick)] = 1;
  return marks;
}

/** The ladder price in hundredths, or null when the value is not a price on Betfair's ladder. */
export function ladderHundredths(price: unknown): number | null {
  if (typeof price !== 'number') return null;
  const scaled = price * 100;
  const hundredths = Math.round(scaled);
  if (!(Math.abs(scaled - hundredths) <= PRICE_TOLERANCE_HUNDREDTHS)) return null;
  return ON_LADDER[hundredths] === 1 ? hundredths : null;
}

export function priceProblem(price: unknown): string | null {
  if (typeof price !== 'number' || Number.isNaN(price)) return `price ${show(price)} is not a number`;
  return ladderHundredths(price) === null ? `price ${show(price)} is off the ladder` : null;
}

/**
 * A last traded price need only lie within the ladder's range: Betfair's BASIC historical files carry
 * averaged ones off the ticks (13.93, 40.86…), and dropping them would leave a stale price behind.
 */
export function lastTradedProblem(price: unknown): string | null {
  if (typeof price !== 'number' || !Number.isFinite(price)) return `price ${show(price)} is not a number`;
  const inRange =
    price * 100 >= MIN_PRICE_HUNDREDTHS - PRICE_TOLERANCE_HUNDREDTHS &&
    price * 100 <= MAX_PRICE_HUNDREDTHS + PRICE_TOLERANCE_HUNDREDTHS;
  return inRange ? null : `price ${show(price)} is outside 1.01..1000`;
}

export function sizeProblem(size: unknown): string | null {
  if (typeof size !== 'number' || !Number.isFinite(size)) return `size ${show(size)} is not a number`;
  return size < 0 ? `size ${show(size)} is negative` : null;
}

/** Betfair sends up to 10 levels; anything past this bound is noise that would grow the cache. */
export const MAX_LEVEL = 99;

export function levelProblem(level: unknown): string | null {
  const fine = Number.isInteger(level) && (level as number) >= 0 && (level as number) <= MAX_LEVEL;
  return fine ? null : `level ${show(level)} is not a level 0..${MAX_LEVEL}`;
}

export function show(value: unknown): string {
  if (typeof value === 'number') return String(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
