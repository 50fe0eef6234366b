import { describe, expect, it } from 'vitest';
import { factorBasisPointsOf, reducedPriceHundredths } from './reduction.ts';

describe('reducedPriceHundredths', () => {
  it('reduces a win price by the factor', () => {
    expect(reducedPriceHundredths(800, [2500], 'WIN')).toBe(600);
  });

  it('reduces only the winnings of a place price', () => {
    expect(reducedPriceHundredths(300, [2500], 'PLACE')).toBe(250);
  });

  it('does not apply a factor of 2.5 % or less', () => {
    expect(reducedPriceHundredths(800, [200, 250], 'WIN')).toBe(800);
    expect(reducedPriceHundredths(800, [251], 'WIN')).toBe(779);
  });

  it('compounds successive factors and rounds once, down', () => {
    expect(reducedPriceHundredths(800, [2500, 2000], 'WIN')).toBe(480);
    // 3.35 × 0.9 × 0.9 = 2.7135 → 2.71
    expect(reducedPriceHundredths(335, [1000, 1000], 'WIN')).toBe(271);
    // 5.30 × 0.8766 = 4.64598 → 4.64
    expect(reducedPriceHundredths(530, [1234], 'WIN')).toBe(464);
  });

  it('never goes below 1.01', () => {
    expect(reducedPriceHundredths(110, [9500], 'WIN')).toBe(101);
    expect(reducedPriceHundredths(102, [5000], 'PLACE')).toBe(101);
  });
});

describe('factorBasisPointsOf', () => {
  it('reads a percent with two decimals as basis points', () => {
    expect(factorBasisPointsOf(25)).toBe(2500);
    expect(factorBasisPointsOf(12.34)).toBe(1234);
    expect(factorBasisPointsOf(0)).toBe(0);
  });

  it('refuses what is no factor', () => {
    expect(factorBasisPointsOf(-1)).toBeNull();
    expect(factorBasisPointsOf(100)).toBeNull();
    expect(factorBasisPointsOf(Number.NaN)).toBeNull();
  });
});
