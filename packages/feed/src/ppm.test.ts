import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_RUNNER_PPM, PPM_TOTAL, toPpm } from './ppm.ts';

describe('toPpm', () => {
  it('sums to exactly one million with every runner at or above the floor', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 12 }),
        (weights) => {
          const ppm = toPpm(weights);
          expect(ppm.reduce((a, b) => a + b, 0)).toBe(PPM_TOTAL);
          for (const part of ppm) {
            expect(Number.isInteger(part)).toBe(true);
            expect(part).toBeGreaterThanOrEqual(Math.min(MIN_RUNNER_PPM, PPM_TOTAL / weights.length));
          }
        },
      ),
    );
  });

  it('keeps proportions and order', () => {
    expect(toPpm([1, 1, 2])).toEqual([250_000, 250_000, 500_000]);
    expect(toPpm([1, 2])).toEqual([333_333, 666_667]);
    expect(toPpm([1e-9, 1, 1])).toEqual([1_000, 499_500, 499_500]);
    const ppm = toPpm([0.7, 0.2, 0.1]);
    expect(ppm[0]!).toBeGreaterThan(ppm[1]!);
    expect(ppm[1]!).toBeGreaterThan(ppm[2]!);
  });

  it('spreads evenly when every weight is zero or not a number', () => {
    expect(toPpm([0, Number.NaN])).toEqual([500_000, 500_000]);
  });
});
