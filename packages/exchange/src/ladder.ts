import { err, ok, type Result } from './result.ts';

/**
 * The Betfair price ladder as integer ticks. A tick is an index 0..349; its price is held as an
 * integer number of hundredths (1.01 -> 101, 1000 -> 100000) so no float ever touches odds.
 */
const LADDER_BANDS: ReadonlyArray<{ upToHundredths: number; stepHundredths: number }> = [
  { upToHundredths: 200, stepHundredths: 1 },
  { upToHundredths: 300, stepHundredths: 2 },
  { upToHundredths: 400, stepHundredths: 5 },
  { upToHundredths: 600, stepHundredths: 10 },
  { upToHundredths: 1000, stepHundredths: 20 },
  { upToHundredths: 2000, stepHundredths: 50 },
  { upToHundredths: 3000, stepHundredths: 100 },
  { upToHundredths: 5000, stepHundredths: 200 },
  { upToHundredths: 10000, stepHundredths: 500 },
  { upToHundredths: 100000, stepHundredths: 1000 },
];

function buildLadder(): Int32Array {
  const prices: number[] = [];
  let priceHundredths = 100;
  for (const band of LADDER_BANDS) {
    while (priceHundredths < band.upToHundredths) {
      priceHundredths += band.stepHundredths;
      prices.push(priceHundredths);
    }
  }
  return Int32Array.from(prices);
}

const PRICE_HUNDREDTHS_BY_TICK = buildLadder();
const TICK_BY_PRICE_HUNDREDTHS = new Map<number, number>(
  Array.from(PRICE_HUNDREDTHS_BY_TICK, (priceHundredths, tick) => [priceHundredths, tick]),
);

export const TICK_COUNT = PRICE_HUNDREDTHS_BY_TICK.length; // 350
export const MIN_TICK = 0;
export const MAX_TICK = TICK_COUNT - 1;
export const MIN_PRICE_HUNDREDTHS = 101;
export const MAX_PRICE_HUNDREDTHS = 100000;

export function isValidTick(priceTick: unknown): priceTick is number {
  return (
    Number.isInteger(priceTick) && (priceTick as number) >= MIN_TICK && (priceTick as number) <= MAX_TICK
  );
}

/** Price of a tick in hundredths (tick 0 -> 101). Callers must pass a valid tick. */
export function priceHundredthsOfTick(priceTick: number): number {
  const priceHundredths = PRICE_HUNDREDTHS_BY_TICK[priceTick];
  if (priceHundredths === undefined) throw new RangeError(`tick ${priceTick} is off the ladder`);
  return priceHundredths;
}

export function tickOfPriceHundredths(priceHundredths: number): Result<number> {
  const priceTick = TICK_BY_PRICE_HUNDREDTHS.get(priceHundredths);
  return priceTick === undefined ? err('OFF_LADDER') : ok(priceTick);
}

/** Parses decimal odds text such as "2.34" exactly (no float) and maps it onto the ladder. */
export function tickOfDecimalOdds(oddsText: string): Result<number> {
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(oddsText.trim());
  if (match === null) return err('OFF_LADDER');
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return tickOfPriceHundredths(whole * 100 + fraction);
}

/** "2.34" style text for a tick, for display and logs. */
export function decimalOddsOfTick(priceTick: number): string {
  const priceHundredths = priceHundredthsOfTick(priceTick);
  const whole = Math.trunc(priceHundredths / 100);
  const fraction = priceHundredths % 100;
  return `${whole}.${fraction.toString().padStart(2, '0')}`;
}

/** The next higher tick, or an OFF_LADDER result at 1000. */
export function tickAbove(priceTick: number, steps = 1): Result<number> {
  const next = priceTick + steps;
  return isValidTick(priceTick) && isValidTick(next) ? ok(next) : err('OFF_LADDER');
}

/** The next lower tick, or an OFF_LADDER result at 1.01. */
export function tickBelow(priceTick: number, steps = 1): Result<number> {
  return tickAbove(priceTick, -steps);
}
