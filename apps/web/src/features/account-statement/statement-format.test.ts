import { describe, expect, it } from 'vitest';
import { amountCellText, formatStatementDate } from './statement-format.ts';

// Local-time inputs (no zone suffix) keep the expectations independent of the machine's time zone.
const local = (...parts: [number, number, number, number, number, number]) =>
  new Date(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5]).toISOString();

describe('statement dates', () => {
  it('writes day/month/year and a 12-hour clock in local time', () => {
    expect(formatStatementDate(local(2026, 11, 22, 10, 15, 3))).toBe('22/11/2026 10:15:03 AM');
    expect(formatStatementDate(local(2026, 1, 5, 21, 7, 9))).toBe('05/01/2026 09:07:09 PM');
  });

  it('handles midnight and noon', () => {
    expect(formatStatementDate(local(2026, 3, 1, 0, 0, 0))).toBe('01/03/2026 12:00:00 AM');
    expect(formatStatementDate(local(2026, 3, 1, 12, 30, 0))).toBe('01/03/2026 12:30:00 PM');
  });

  it('shows an unreadable date as sent', () => {
    expect(formatStatementDate('not a date')).toBe('not a date');
  });
});

describe('statement amounts', () => {
  it('shows a dash for sides that did not move', () => {
    expect(amountCellText('0.00')).toBe('-');
    expect(amountCellText('-0.00')).toBe('-');
  });

  it('keeps the server decimal string otherwise', () => {
    expect(amountCellText('1500.00')).toBe('1500.00');
    expect(amountCellText('0.05')).toBe('0.05');
    expect(amountCellText('12345678.90')).toBe('12345678.90');
  });
});
