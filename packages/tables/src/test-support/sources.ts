import { cardCode } from '../cards.ts';
import type { ShoeSpec } from '../shoe.ts';
import type { FloatSource } from '../types.ts';

/** A source that yields these floats, then fails (a deal must not read more than the test planned). */
export function floats(...values: number[]): FloatSource {
  let next = 0;
  return {
    nextFloat() {
      if (next >= values.length) throw new Error('the test source ran out of floats');
      return values[next++]!;
    },
  };
}

/**
 * The floats that make a shoe of `spec` deal exactly `codes` in order (the first card of that code
 * still in the shoe), so a test states the cards and the deal's rules do the rest.
 */
export function dealing(spec: ShoeSpec, codes: readonly string[]): FloatSource {
  const left: number[] = [];
  for (let deck = 0; deck < spec.decks; deck++) {
    for (let index = 0; index < 52; index++) {
      if (!spec.ranks || spec.ranks.includes(2 + (index >> 2))) left.push(index);
    }
  }
  return floats(
    ...codes.map((code) => {
      const at = left.findIndex((index) => cardCode(index) === code);
      if (at < 0) throw new Error(`${code} is not left in the shoe`);
      const float = (at + 0.5) / left.length;
      left.splice(at, 1);
      return float;
    }),
  );
}

/** A fast deterministic stream for statistics (xorshift32): the same seed, the same floats. */
export function xorshift(seed: number): FloatSource {
  let state = seed >>> 0 || 1;
  return {
    nextFloat() {
      state ^= state << 13;
      state >>>= 0;
      state ^= state >>> 17;
      state ^= state << 5;
      state >>>= 0;
      return state / 0x100000000;
    },
  };
}
