import { describe, expect, it } from 'vitest';
import { isTimeZone, nextPeriodStartMs, periodBounds } from './limit-periods.ts';

const at = (text: string) => Date.parse(text);
const bounds = (period: 'day' | 'week' | 'month', now: string, zone = 'UTC') => {
  const { startMs, endMs } = periodBounds(period, at(now), zone);
  return [new Date(startMs).toISOString(), new Date(endMs).toISOString()];
};

describe('limit periods', () => {
  it('runs a day from midnight, a week from Monday and a month from the 1st, in UTC by default', () => {
    // 2026-11-27 is a Friday.
    expect(bounds('day', '2026-11-27T16:41:00Z')).toEqual([
      '2026-11-27T00:00:00.000Z',
      '2026-11-28T00:00:00.000Z',
    ]);
    expect(bounds('week', '2026-11-27T16:41:00Z')).toEqual([
      '2026-11-23T00:00:00.000Z',
      '2026-11-30T00:00:00.000Z',
    ]);
    expect(bounds('month', '2026-11-27T16:41:00Z')).toEqual([
      '2026-11-01T00:00:00.000Z',
      '2026-12-01T00:00:00.000Z',
    ]);
    expect(bounds('month', '2026-12-31T23:59:59Z')).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
  });

  it('counts a Monday as the first day of its week and a Sunday as the last', () => {
    expect(bounds('week', '2026-11-30T00:00:00Z')[0]).toBe('2026-11-30T00:00:00.000Z');
    expect(bounds('week', '2026-11-29T23:59:59Z')[0]).toBe('2026-11-23T00:00:00.000Z');
  });

  it("begins at the operator's midnight in another zone", () => {
    // Kolkata is UTC+05:30: its 28 November begins at 18:30 UTC on the 27th.
    expect(bounds('day', '2026-11-27T19:00:00Z', 'Asia/Kolkata')).toEqual([
      '2026-11-27T18:30:00.000Z',
      '2026-11-28T18:30:00.000Z',
    ]);
    expect(bounds('month', '2026-11-30T19:00:00Z', 'Asia/Kolkata')[0]).toBe('2026-11-30T18:30:00.000Z');
  });

  it('has a day of 23 hours when the clocks go forward', () => {
    // London moves to summer time on 29 March 2026.
    const [start, end] = bounds('day', '2026-03-29T12:00:00Z', 'Europe/London');
    expect(start).toBe('2026-03-29T00:00:00.000Z');
    expect(end).toBe('2026-03-29T23:00:00.000Z');
    expect(bounds('day', '2026-07-01T12:00:00Z', 'Europe/London')[0]).toBe('2026-06-30T23:00:00.000Z');
  });

  it('names the next midnight as the next period start, and knows zone names', () => {
    expect(new Date(nextPeriodStartMs(at('2026-11-27T23:59:59Z'), 'UTC')).toISOString()).toBe(
      '2026-11-28T00:00:00.000Z',
    );
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
