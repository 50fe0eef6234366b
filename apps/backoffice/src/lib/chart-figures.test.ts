import { describe, expect, it } from 'vitest';
import { drawnAmount, everyDay, formatAmount, peakOf, peakText } from './chart-figures.ts';

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

  it('lists every day of a period, quiet days as zero', () => {
    const rows = new Map([
      ['2026-02-27', '5.00'],
      ['2026-03-01', '-2.50'],
      ['2026-03-09', '9.00'],
    ]);
    expect(everyDay('2026-02-27', '2026-03-02', rows)).toEqual([
      { day: '2026-02-27', value: '5.00' },
      { day: '2026-02-28', value: '0.00' },
      { day: '2026-03-01', value: '-2.50' },
      { day: '2026-03-02', value: '0.00' },
    ]);
    expect(everyDay('nope', '2026-03-02', rows)).toEqual([]);
  });
});
