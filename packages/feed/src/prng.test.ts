import { describe, expect, it } from 'vitest';
import { createPrng, xoshiro128StarStar } from './prng.ts';

describe('xoshiro128**', () => {
  it('matches the reference implementation from state {1, 2, 3, 4}', () => {
    // Hand-checked against xoshiro128starstar.c: first output rotl(2 * 5, 7) * 9, then 0.
    const prng = xoshiro128StarStar([1, 2, 3, 4]);
    expect([prng.nextUint32(), prng.nextUint32(), prng.nextUint32()]).toEqual([11520, 0, 5927040]);
  });

  it('gives the same stream for the same seed and a different one for another seed', () => {
    const a = createPrng('seed-1');
    const b = createPrng('seed-1');
    const c = createPrng('seed-2');
    const streamA = Array.from({ length: 8 }, () => a.nextUint32());
    expect(Array.from({ length: 8 }, () => b.nextUint32())).toEqual(streamA);
    expect(Array.from({ length: 8 }, () => c.nextUint32())).not.toEqual(streamA);
  });

  it('draws uniform floats and integers within their ranges', () => {
    const prng = createPrng(99);
    let sum = 0;
    const faces = new Array<number>(6).fill(0);
    for (let i = 0; i < 60_000; i++) {
      const value = prng.next();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      sum += value;
      faces[prng.int(1, 6) - 1]! += 1;
    }
    expect(sum / 60_000).toBeCloseTo(0.5, 2);
    for (const count of faces) expect(Math.abs(count - 10_000)).toBeLessThan(400);
  });
});
