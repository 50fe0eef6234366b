import { describe, expect, it } from 'vitest';
import { BET_ERROR_CODES } from '@backlay/contracts';
import { betErrorText, stakeProblemText } from './bet-errors.ts';

const limits = { minStake: '100.00', maxStake: '500.00' };

describe('bet error messages', () => {
  it('has its own clear message for every code of the bets API', () => {
    const texts = BET_ERROR_CODES.map((code) => betErrorText(code, 'server text', limits));
    expect(new Set(texts).size).toBe(BET_ERROR_CODES.length);
    for (const text of texts) {
      expect(text).not.toBe('server text');
      expect(text).not.toMatch(/[A-Z]{2,}_[A-Z]/);
    }
  });

  it('names the market limits in stake messages', () => {
    expect(betErrorText('STAKE_TOO_SMALL', '', limits)).toContain('100.00');
    expect(betErrorText('STAKE_TOO_LARGE', '', limits)).toContain('500.00');
    expect(stakeProblemText('TOO_SMALL', limits)).toBe(betErrorText('STAKE_TOO_SMALL', '', limits));
    expect(stakeProblemText('EMPTY', limits)).toBe('Enter a stake.');
  });

  it("shows the server's message for a code it does not know", () => {
    expect(betErrorText('SOMETHING_NEW', 'The market is paused for review.')).toBe(
      'The market is paused for review.',
    );
    expect(betErrorText(null, '')).toBe('The request failed. Please try again.');
  });
});
