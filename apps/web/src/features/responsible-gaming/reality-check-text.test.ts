import { describe, expect, it } from 'vitest';
import {
  REALITY_CHECK_CHOICES,
  intervalText,
  realityCheckSavedText,
  realityCheckStandingText,
} from './reality-check-text.ts';

describe('reality check texts', () => {
  it('offers Off and every interval the server takes, in order', () => {
    expect(REALITY_CHECK_CHOICES).toEqual([
      { value: 0, label: 'Off' },
      { value: 15, label: '15 minutes' },
      { value: 30, label: '30 minutes' },
      { value: 60, label: '60 minutes' },
    ]);
    expect(intervalText(0)).toBe('Off');
  });

  it('says what was kept', () => {
    expect(realityCheckSavedText(0)).toBe('Reality checks are off.');
    expect(realityCheckSavedText(30)).toBe('You will see a reality check every 30 minutes.');
  });

  it('words the intervals the history recorded', () => {
    expect(realityCheckStandingText({ minutes: 0 })).toBe('Off');
    expect(realityCheckStandingText({ minutes: 15 })).toBe('Every 15 minutes');
    expect(realityCheckStandingText(null)).toBe('Not set');
  });
});
