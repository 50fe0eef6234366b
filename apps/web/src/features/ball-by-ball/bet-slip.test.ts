import { describe, expect, it } from 'vitest';
import { canSubmitStake, sanitizeStake } from './bet-slip.ts';

describe('bet slip', () => {
  it('disables submit for an empty stake', () => {
    expect(canSubmitStake('')).toBe(false);
    expect(canSubmitStake('  ')).toBe(false);
    expect(canSubmitStake('25')).toBe(true);
  });

  it('keeps stakes numeric', () => {
    expect(sanitizeStake('12a3')).toBe('123');
    expect(sanitizeStake('007')).toBe('7');
    expect(sanitizeStake('-5.5')).toBe('55');
    expect(sanitizeStake('0')).toBe('0');
  });
});
