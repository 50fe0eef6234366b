import { MAX_PRICE_HUNDREDTHS, priceHundredthsOfTick, TICK_COUNT } from '@backlay/exchange';
import type { PriceSize } from './types.ts';

// Bound once: the loader may turn an imported binding into a getter called for every price.
const TICKS = TICK_COUNT;
/** The tick of each price in hundredths; -1 off the ladder. */
const TICK_OF_HUNDREDTHS = buildTicks();
const HUNDREDTHS_OF_TICK = Int32Array.from({ length: TICKS }, (_, tick) => priceHundredthsOfTick(tick));

function buildTicks(): Int16Array {
  const ticks = new Int16Array(MAX_PRICE_HUNDREDTHS + 1).fill(-1);
  for (let tick = 0; tick < TICKS; tick += 1) ticks[priceHundredthsOfTick(tick)] = tick;
  return ticks;
}

const tickOf = (hundredths: number): number =>
  hundredths >= 0 && hundredths <= MAX_PRICE_HUNDREDTHS ? TICK_OF_HUNDREDTHS[hundredths]! : -1;

/**
 * Sizes by price of a full-depth ladder (atb, atl, trd): one slot per tick of Betfair's 350, so a
 * delta is one write and the prices come out in order without a sort. An empty slot holds 0 (a size
 * of 0 removes a price, so none is held). The slots are made at the first price.
 */
export class PriceLadder {
  #sizes: Float64Array | null = null;
  #count = 0;

  /** How many prices are held. */
  get size(): number {
    return this.#count;
  }

  /** Holds `size` (above 0) at a ladder price in hundredths; a price off the ladder is not held. */
  set(hundredths: number, size: number): void {
    const tick = tickOf(hundredths);
    if (tick < 0) return;
    const sizes = (this.#sizes ??= new Float64Array(TICKS));
    if (sizes[tick] === 0) this.#count += 1;
    sizes[tick] = size;
  }

  /** Removes a price; false when it was not held. */
  delete(hundredths: number): boolean {
    const sizes = this.#sizes;
    const tick = tickOf(hundredths);
    if (sizes === null || tick < 0 || sizes[tick] === 0) return false;
    sizes[tick] = 0;
    this.#count -= 1;
    return true;
  }

  /** The held [price, size] pairs, lowest price first, or highest first for `direction` -1. */
  entries(direction: 1 | -1 = 1): PriceSize[] {
    const entries: PriceSize[] = [];
    const sizes = this.#sizes;
    if (sizes === null || this.#count === 0) return entries;
    const first = direction === 1 ? 0 : TICKS - 1;
    for (let tick = first; tick >= 0 && tick < TICKS; tick += direction) {
      const size = sizes[tick]!;
      if (size !== 0) entries.push([HUNDREDTHS_OF_TICK[tick]! / 100, size]);
    }
    return entries;
  }
}
