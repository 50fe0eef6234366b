import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/dates.ts';
import { formatMoney } from '@backlay/front-kit/money';
import { isLimitChange, limitActionText, limitStandingText } from './limit-history-text.ts';

const money = (amount: string) => formatMoney(amount);
const AT = '2026-11-28T00:00:00.000Z';

describe('limitActionText', () => {
  it('words every change to a money limit', () => {
    expect(limitActionText('limit loss day')).toBe('Changed the daily loss limit');
    expect(limitActionText('confirm limit deposit week')).toBe('Confirmed the weekly deposit limit change');
    expect(limitActionText('cancel limit change loss month')).toBe('Cancelled the monthly loss limit change');
  });

  it('words every change to the session limit, and its end of play', () => {
    expect(limitActionText('session limit')).toBe('Changed the session limit');
    expect(limitActionText('confirm session limit')).toBe('Confirmed the session limit change');
    expect(limitActionText('cancel session limit change')).toBe('Cancelled the session limit change');
    expect(limitActionText('session limit reached')).toBe('Session limit reached');
  });

  it('knows nothing else', () => {
    for (const action of ['time-out', 'limit change', 'limit loss year', 'confirm limit loss'])
      expect(limitActionText(action), action).toBeNull();
    expect(isLimitChange('time-out')).toBe(false);
    expect(isLimitChange('limit deposit day')).toBe(true);
  });
});

describe('limitStandingText', () => {
  it('says the amount that bound, or "No limit"', () => {
    expect(limitStandingText('limit loss day', null)).toBe('No limit');
    expect(limitStandingText('limit loss day', { amount: null, pending: null })).toBe('No limit');
    expect(limitStandingText('limit loss day', { amount: '50.00', pending: null })).toBe(money('50.00'));
    expect(limitStandingText('session limit', { minutes: 60, pending: null })).toBe('60 minutes');
    expect(limitStandingText('session limit', { minutes: null, pending: null })).toBe('No limit');
  });

  it('adds the change that waited: a new value, or "none" for a removal', () => {
    expect(limitStandingText('limit loss day', { amount: '50.00', pending: '80.00' })).toBe(
      `${money('50.00')}; change to ${money('80.00')} waiting`,
    );
    expect(limitStandingText('limit loss day', { amount: '50.00', pending: 'none' })).toBe(
      `${money('50.00')}; removal waiting`,
    );
    expect(limitStandingText('session limit', { minutes: 60, pending: 90 })).toBe(
      '60 minutes; change to 90 minutes waiting',
    );
    expect(limitStandingText('session limit', { minutes: 60, pending: 'none' })).toBe(
      '60 minutes; removal waiting',
    );
  });

  it('says until when sign-in is refused once the session limit was reached', () => {
    expect(limitStandingText('session limit reached', null)).toBe('Signed in');
    expect(limitStandingText('session limit reached', { until: AT })).toBe(
      `Sign-in refused until ${formatDateTime(AT)}`,
    );
  });
});
