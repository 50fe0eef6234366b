import { describe, expect, it } from 'vitest';
import { formatDateTime, isValidRange, lastDaysRange, toIsoDate } from './dates.ts';

// Local-time inputs (no zone suffix) keep the expectations independent of the machine's time zone.
const local = (...parts: [number, number, number, number, number, number]) =>
  new Date(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5]);

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

describe('formatDateTime', () => {
  it('writes day/month/year and a 12-hour clock in local time, from an ISO string or a Date', () => {
    expect(formatDateTime(local(2026, 11, 22, 10, 15, 3).toISOString())).toBe('22/11/2026 10:15:03 AM');
    expect(formatDateTime(local(2026, 1, 5, 21, 7, 9))).toBe('05/01/2026 09:07:09 PM');
  });

  it('handles midnight and noon', () => {
    expect(formatDateTime(local(2026, 3, 1, 0, 0, 0))).toBe('01/03/2026 12:00:00 AM');
    expect(formatDateTime(local(2026, 3, 1, 12, 30, 0))).toBe('01/03/2026 12:30:00 PM');
  });

  it('shows an unreadable date as sent', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
