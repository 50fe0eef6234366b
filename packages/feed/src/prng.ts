/**
 * xoshiro128** 1.1 (Blackman & Vigna, https://prng.di.unimi.it/xoshiro128starstar.c), seeded through
 * splitmix32 as its authors recommend, so that nearby seeds give unrelated streams. 32-bit integer
 * arithmetic only; identical output on every JavaScript engine.
 */
export interface Prng {
  /** Next 32-bit unsigned integer. */
  nextUint32(): number;
  /** Uniform in [0, 1) with 32 bits of resolution. */
  next(): number;
  /** Uniform integer in [minInclusive, maxInclusive]. */
  int(minInclusive: number, maxInclusive: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

function splitmix32(state: number): { state: number; value: number } {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return { state: next, value: (z ^ (z >>> 16)) >>> 0 };
}

/** A 32-bit FNV-1a hash of text, to derive independent per-fixture streams from names. */
export function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export function createPrng(seed: number | string): Prng {
  let mix = typeof seed === 'number' ? seed | 0 : hash32(seed) | 0;
  const words = [0, 0, 0, 0];
  for (let i = 0; i < 4; i++) {
    const step = splitmix32(mix);
    mix = step.state;
    words[i] = step.value;
  }
  return xoshiro128StarStar(words as [number, number, number, number]);
}

/** The generator from an explicit 128-bit state (exported for the published test vector). */
export function xoshiro128StarStar(state: readonly [number, number, number, number]): Prng {
  let [s0, s1, s2, s3] = state;
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1; // the all-zero state is the one fixed point

  const nextUint32 = (): number => {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    return result;
  };
  const next = (): number => nextUint32() / 4294967296;
  return {
    nextUint32,
    next,
    int: (minInclusive, maxInclusive) =>
      minInclusive + Math.floor(next() * (maxInclusive - minInclusive + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}

function rotl(value: number, bits: number): number {
  return (value << bits) | (value >>> (32 - bits));
}
