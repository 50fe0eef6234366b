import { describe, expect, it } from 'vitest';
import type { Limit } from '@backlay/contracts';
import { formatDateTime } from '../../lib/dates.ts';
import { formatMoney } from '@backlay/front-kit/money';
import {
  amountText,
  isConfirmable,
  limitName,
  limitOutcomeText,
  pendingText,
  resetText,
  sessionLimitText,
  sessionOutcomeText,
  sessionPendingText,
  usedText,
} from './limit-text.ts';

// Local-time inputs keep the expectations independent of the machine's time zone.
const local = (year: number, month: number, day: number, hours: number, minutes: number) =>
  new Date(year, month - 1, day, hours, minutes).toISOString();

const AT = '2026-11-28T16:30:00.000Z';
const limit = (fields: Partial<Limit>): Limit => ({
  kind: 'loss',
  period: 'day',
  amount: '50.00',
  used: '12.00',
  resetsAt: AT,
  pending: null,
  ...fields,
});

describe('limit names and amounts', () => {
  it('names a limit by its period and kind', () => {
    expect(limitName('loss', 'day')).toBe('Daily loss limit');
    expect(limitName('deposit', 'week')).toBe('Weekly deposit limit');
    expect(limitName('deposit', 'month')).toBe('Monthly deposit limit');
  });

  it('says "No limit" when none binds, and money in the portal format otherwise', () => {
    expect(amountText(null)).toBe('No limit');
    expect(amountText('1500.00')).toBe(formatMoney('1500.00'));
    expect(sessionLimitText(null)).toBe('No limit');
    expect(sessionLimitText(1)).toBe('1 minute');
    expect(sessionLimitText(90)).toBe('90 minutes');
  });

  it('says what a period has used of its limit', () => {
    expect(usedText('12.00', '50.00')).toBe(`Used ${formatMoney('12.00')} of ${formatMoney('50.00')}`);
    expect(usedText('0.00', null)).toBe(`Used ${formatMoney('0.00')}`);
  });
});

describe('resetText', () => {
  it('writes the weekday, day, month and a 24-hour time in local time', () => {
    expect(resetText(local(2026, 11, 30, 0, 0))).toBe('Resets Mon 30 Nov, 00:00');
    expect(resetText(local(2027, 1, 1, 23, 5))).toBe('Resets Fri 1 Jan, 23:05');
  });

  it('shows text that is not a date as sent', () => {
    expect(resetText('soon')).toBe('Resets soon');
  });
});

describe('pending changes', () => {
  it('says the new amount, or the removal, and from when it can be confirmed', () => {
    expect(pendingText({ amount: '80.00', confirmableAt: AT })).toBe(
      `Change to ${formatMoney('80.00')} can be confirmed from ${formatDateTime(AT)}.`,
    );
    expect(pendingText({ amount: null, confirmableAt: AT })).toBe(
      `Removal can be confirmed from ${formatDateTime(AT)}.`,
    );
    expect(sessionPendingText({ minutes: 120, confirmableAt: AT })).toBe(
      `Change to 120 minutes can be confirmed from ${formatDateTime(AT)}.`,
    );
    expect(sessionPendingText({ minutes: null, confirmableAt: AT })).toBe(
      `Removal can be confirmed from ${formatDateTime(AT)}.`,
    );
  });

  it('is confirmable from its time on, never for a time that is not a date', () => {
    const at = Date.parse(AT);
    expect(isConfirmable(AT, at - 1)).toBe(false);
    expect(isConfirmable(AT, at)).toBe(true);
    expect(isConfirmable('later', at)).toBe(false);
  });
});

describe('outcomes', () => {
  it('says the limit that binds now after a change that applied at once', () => {
    expect(limitOutcomeText(limit({ amount: '40.00' }))).toBe(
      `Daily loss limit is now ${formatMoney('40.00')}.`,
    );
    expect(limitOutcomeText(limit({ amount: null }))).toBe('Daily loss limit removed.');
    expect(sessionOutcomeText({ sessionMinutes: 60, sessionPending: null })).toBe(
      'Session limit is now 60 minutes.',
    );
    expect(sessionOutcomeText({ sessionMinutes: null, sessionPending: null })).toBe('Session limit removed.');
  });

  it('says that a change waits, and until when', () => {
    expect(limitOutcomeText(limit({ pending: { amount: null, confirmableAt: AT } }))).toBe(
      `Your change waits 24 hours. Removal can be confirmed from ${formatDateTime(AT)}.`,
    );
    expect(
      sessionOutcomeText({ sessionMinutes: 60, sessionPending: { minutes: 90, confirmableAt: AT } }),
    ).toBe(`Your change waits 24 hours. Change to 90 minutes can be confirmed from ${formatDateTime(AT)}.`);
  });
});
