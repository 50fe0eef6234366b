import {
  MAX_TICK,
  MIN_TICK,
  decimalOddsOfTick,
  priceHundredthsOfTick,
  tickOfDecimalOdds,
} from '@backlay/exchange';
import { oddsHundredthsOf } from '../../lib/betting/index.ts';

/**
 * Odds on the bet slip. Exchange prices live on the Betfair ladder (packages/exchange): the slip steps
 * through its ticks and refuses anything between them before the server does.
 */

/** The ladder tick of typed odds, or null when they are not on the ladder. */
export function tickOfOdds(text: string): number | null {
  const result = tickOfDecimalOdds(text);
  return result.ok ? result.value : null;
}

/** Text for the odds field: `2.00`, `1.95`, `110.00`. */
export function oddsText(price: number): string {
  const tick = tickOfOdds(String(price));
  if (tick !== null) return decimalOddsOfTick(tick);
  const hundredths = oddsHundredthsOf(price);
  return hundredths === null ? String(price) : (hundredths / 100).toFixed(2);
}

/** Prices in cells as exchanges print them: `1.95`, `2`, `10.5`. */
export function cellPrice(price: number): string {
  return String(price);
}

/**
 * The next ladder price above (+1) or below (-1) the typed odds. Odds between two ticks move to the
 * neighbouring tick in that direction; unreadable odds start from the bottom or top of the ladder.
 */
export function stepOdds(text: string, direction: 1 | -1): string {
  const hundredths = oddsHundredthsOf(text);
  if (hundredths === null) return decimalOddsOfTick(direction === 1 ? MIN_TICK : MAX_TICK);
  let tick = direction === 1 ? MIN_TICK : MAX_TICK;
  if (direction === 1) {
    while (tick < MAX_TICK && priceHundredthsOfTick(tick) <= hundredths) tick += 1;
  } else {
    while (tick > MIN_TICK && priceHundredthsOfTick(tick) >= hundredths) tick -= 1;
  }
  return decimalOddsOfTick(tick);
}

/**
 * A starting price for a runner nobody quotes yet: the feed's fair chance as odds, on the nearest tick
 * at or above it (never shorter than fair). Null without a fair chance.
 */
export function oddsFromFair(fairPpm: number | null): string | null {
  if (fairPpm === null || fairPpm <= 0 || fairPpm > 1_000_000) return null;
  // Integer division: ceil(1e8 / ppm) hundredths is the fair price rounded up to a hundredth.
  const fairHundredths = Math.ceil(100_000_000 / fairPpm);
  let tick = MIN_TICK;
  while (tick < MAX_TICK && priceHundredthsOfTick(tick) < fairHundredths) tick += 1;
  return decimalOddsOfTick(tick);
}
