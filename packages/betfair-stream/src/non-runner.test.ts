import { describe, expect, it } from 'vitest';
import { reducedPriceHundredths } from './non-runner.ts';

describe('reducedPriceHundredths (rule 13.7)', () => {
  it('reduces a WIN price by the factor: 8.0 with 25 % is 6.0', () => {
    expect(reducedPriceHundredths(800, [25], 'WIN')).toBe(600);
  });

  it('does not apply factors of 2.5 % or less', () => {
    expect(reducedPriceHundredths(800, [2.5], 'WIN')).toBe(800);
    expect(reducedPriceHundredths(800, [2.5, 1.27, 0], 'PLACE')).toBe(800);
    expect(reducedPriceHundredths(800, [2.51], 'WIN')).toBe(779); // 800 × 0.9749 = 779.92
  });

  it('compounds the factors of several removals', () => {
    // 10.0 × 0.75 × 0.8 = 6.0, not 10.0 × (1 − 0.45) = 5.5
    expect(reducedPriceHundredths(1000, [25, 20], 'WIN')).toBe(600);
    // The BASIC recording's two non-runners: 7.14 % then 5.55 % on 4.15 → 3.6398… → 3.63 (rounded once)
    expect(reducedPriceHundredths(415, [7.14, 5.55], 'WIN')).toBe(363);
  });

  it('reduces only the winnings of a PLACE bet', () => {
    expect(reducedPriceHundredths(800, [25], 'PLACE')).toBe(625); // 1 + 7 × 0.75
    expect(reducedPriceHundredths(300, [50], 'PLACE')).toBe(200);
  });

  it('never goes below 1.01', () => {
    expect(reducedPriceHundredths(102, [60], 'WIN')).toBe(101);
    expect(reducedPriceHundredths(150, [99.99], 'PLACE')).toBe(101);
  });

  it('ignores factors that are none', () => {
    expect(reducedPriceHundredths(800, [Number.NaN, -5, 100], 'WIN')).toBe(800);
  });
});
