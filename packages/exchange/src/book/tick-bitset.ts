import { TICK_COUNT } from '../ladder.ts';

const WORD_COUNT = Math.ceil(TICK_COUNT / 32);

function lowestBit(word: number): number {
  return 31 - Math.clz32(word & -word);
}

function highestBit(word: number): number {
  return 31 - Math.clz32(word);
}

/**
 * One bit per tick marking non-empty price levels, so finding the best or next level is a scan of
 * at most 11 words instead of up to 350 levels, whatever the book's shape.
 */
export class TickBitset {
  private readonly words = new Int32Array(WORD_COUNT);

  set(priceTick: number): void {
    this.words[priceTick >>> 5]! |= 1 << (priceTick & 31);
  }

  clear(priceTick: number): void {
    this.words[priceTick >>> 5]! &= ~(1 << (priceTick & 31));
  }

  /** Lowest set tick >= fromTick, or -1. */
  lowestFrom(fromTick: number): number {
    if (fromTick < 0) fromTick = 0;
    let wordIndex = fromTick >>> 5;
    if (wordIndex >= WORD_COUNT) return -1;
    let word = this.words[wordIndex]! & (-1 << (fromTick & 31));
    for (;;) {
      if (word !== 0) return (wordIndex << 5) + lowestBit(word);
      if (++wordIndex >= WORD_COUNT) return -1;
      word = this.words[wordIndex]!;
    }
  }

  /** Highest set tick <= fromTick, or -1. */
  highestFrom(fromTick: number): number {
    if (fromTick < 0) return -1;
    if (fromTick >= TICK_COUNT) fromTick = TICK_COUNT - 1;
    let wordIndex = fromTick >>> 5;
    // (2 << b) - 1 keeps bits 0..b; for b = 31 it wraps to all ones, as wanted.
    let word = this.words[wordIndex]! & ((2 << (fromTick & 31)) - 1);
    for (;;) {
      if (word !== 0) return (wordIndex << 5) + highestBit(word);
      if (--wordIndex < 0) return -1;
      word = this.words[wordIndex]!;
    }
  }
}
