import { describe, expect, it } from 'vitest';
import { drawnAmount, formatAmount, peakOf, peakText } from './chart-figures.ts';

describe('chart figures', () => {
  it('draws API amounts as numbers and unreadable ones as zero', () => {
    expect(drawnAmount('1234.50')).toBe(1234.5);
    expect(drawnAmount('-0.05')).toBe(-0.05);
    expect(drawnAmount('abc')).toBe(0);
    expect(formatAmount(1234.5)).toBe('1,234.5');
  });

  it('finds the first peak and says so, or none when all is quiet', () => {
    expect(peakOf([])).toBeNull();
    expect(peakOf([1, 3, 3, 2])).toEqual({ value: 3, index: 1 });
    expect(peakText([0, 2, 1], ['a', 'b', 'c'], String)).toBe('peak 2 at b');
    expect(peakText([0, 0], ['a', 'b'], String)).toBe('none');
  });
});
