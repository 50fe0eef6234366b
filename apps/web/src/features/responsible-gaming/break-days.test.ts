import { describe, expect, it } from 'vitest';
import { DAYS_RULE_TEXT, breakDays, breakEnd, choiceOf, daysText } from './break-days.ts';

describe('breakDays', () => {
  it('takes an offered length as it is', () => {
    expect(breakDays(7, 'ignored')).toEqual({ ok: true, days: 7 });
  });

  it('takes a typed whole number of days from 1 to 42', () => {
    expect(breakDays('other', '1')).toEqual({ ok: true, days: 1 });
    expect(breakDays('other', ' 42 ')).toEqual({ ok: true, days: 42 });
  });

  it('refuses anything else with the rule', () => {
    for (const typed of ['', '0', '43', '1.5', '-3', '7 days', '1e1', '0x10', '1000'])
      expect(breakDays('other', typed), typed).toEqual({ ok: false, error: DAYS_RULE_TEXT });
    expect(DAYS_RULE_TEXT).toBe('Enter a whole number of days from 1 to 42.');
  });
});

describe('choiceOf', () => {
  it('shows an offered length on its own button and any other as Other', () => {
    expect(choiceOf(30)).toBe(30);
    expect(choiceOf(2)).toBe('other');
  });
});

describe('break texts', () => {
  it('says day or days', () => {
    expect(daysText(1)).toBe('1 day');
    expect(daysText(30)).toBe('30 days');
  });

  it('ends a break whole days of 24 hours later', () => {
    expect(breakEnd(new Date('2026-11-27T15:30:00Z'), 7).toISOString()).toBe('2026-12-04T15:30:00.000Z');
  });
});
