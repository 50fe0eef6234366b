import { describe, expect, it } from 'vitest';
import {
  checkStake,
  compactLimit,
  minorToDecimal,
  profitMinor,
  sanitizeStakeText,
  stakeMinorOf,
} from './slip-math.ts';

describe('slip math', () => {
  it('reads stakes into minor units without floats', () => {
    expect(stakeMinorOf('100')).toBe(10_000n);
    expect(stakeMinorOf('0.1')).toBe(10n);
    expect(stakeMinorOf('12.34')).toBe(1_234n);
    expect(stakeMinorOf('0')).toBeNull();
    expect(stakeMinorOf('1.234')).toBeNull();
    expect(stakeMinorOf('-5')).toBeNull();
    expect(stakeMinorOf('')).toBeNull();
  });

  it('computes profit as stake times odds minus one, rounded down', () => {
    expect(profitMinor(10_000n, 2)).toBe(10_000n);
    expect(profitMinor(10_000n, 12)).toBe(110_000n);
    expect(profitMinor(5_000n, 2.63)).toBe(8_150n);
    expect(profitMinor(333n, 1.95)).toBe(316n);
    expect(minorToDecimal(8_150n)).toBe('81.50');
    expect(minorToDecimal(-5n)).toBe('-0.05');
  });

  it('checks a stake against the market limits', () => {
    expect(checkStake('', '50.00', '25000.00')).toBe('EMPTY');
    expect(checkStake('abc', '50.00', '25000.00')).toBe('INVALID');
    expect(checkStake('49.99', '50.00', '25000.00')).toBe('TOO_SMALL');
    expect(checkStake('50', '50.00', '25000.00')).toBe('OK');
    expect(checkStake('25000', '50.00', '25000.00')).toBe('OK');
    expect(checkStake('25000.01', '50.00', '25000.00')).toBe('TOO_LARGE');
  });

  it('cleans typed stakes', () => {
    expect(sanitizeStakeText('12a3')).toBe('123');
    expect(sanitizeStakeText('007')).toBe('7');
    expect(sanitizeStakeText('10.555')).toBe('10.55');
    expect(sanitizeStakeText('1.2.3')).toBe('1.23');
  });

  it('writes whole thousands as K', () => {
    expect(compactLimit('25000.00')).toBe('25K');
    expect(compactLimit('20000.00')).toBe('20K');
    expect(compactLimit('50.00')).toBe('50.00');
    expect(compactLimit('1500.00')).toBe('1500.00');
  });
});
