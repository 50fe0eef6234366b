import { describe, expect, it } from 'vitest';
import { isValidRange, lastDaysRange, toIsoDate } from './dates.ts';

describe('dates', () => {
  it('formats local dates', () => {
    expect(toIsoDate(new Date(2024, 0, 5))).toBe('2024-01-05');
  });

  it('covers the last 7 days including today, across month ends', () => {
    expect(lastDaysRange(new Date(2024, 2, 3, 15, 30))).toEqual({ from: '2024-02-26', to: '2024-03-03' });
    expect(lastDaysRange(new Date(2024, 5, 20), 1)).toEqual({ from: '2024-06-20', to: '2024-06-20' });
  });

  it('validates ranges', () => {
    expect(isValidRange('2024-01-01', '2024-01-07')).toBe(true);
    expect(isValidRange('2024-01-07', '2024-01-07')).toBe(true);
    expect(isValidRange('2024-01-08', '2024-01-07')).toBe(false);
    expect(isValidRange('', '2024-01-07')).toBe(false);
  });
});
