import { describe, expect, it } from 'vitest';
import { checkStake, minorToDecimal, moneyMinorOf, sanitizeStakeText, stakeMinorOf } from './stake.ts';

describe('stakes in minor units', () => {
  it('reads stakes into minor units without floats', () => {
    expect(stakeMinorOf('100')).toBe(10_000n);
    expect(stakeMinorOf('100.00')).toBe(10_000n);
    expect(stakeMinorOf('0.1')).toBe(10n);
    expect(stakeMinorOf('12.34')).toBe(1_234n);
    expect(stakeMinorOf(' 7.5 ')).toBe(750n);
    expect(stakeMinorOf('0')).toBeNull();
    expect(stakeMinorOf('1.234')).toBeNull();
    expect(stakeMinorOf('-5')).toBeNull();
    expect(stakeMinorOf('')).toBeNull();
    expect(stakeMinorOf('.5')).toBeNull();
    expect(stakeMinorOf('5.')).toBeNull();
    expect(stakeMinorOf('1e3')).toBeNull();
  });

  it('reads API amounts, counting none as zero', () => {
    expect(moneyMinorOf('1500.00')).toBe(150_000n);
    expect(moneyMinorOf('0.00')).toBe(0n);
    expect(moneyMinorOf('')).toBe(0n);
  });

  it('writes minor units as the API decimal string', () => {
    expect(minorToDecimal(8_150n)).toBe('81.50');
    expect(minorToDecimal(-5n)).toBe('-0.05');
    expect(minorToDecimal(0n)).toBe('0.00');
  });
});

describe('stake check against the market limits', () => {
  it('checks the stake against the limits of an exchange market', () => {
    expect(checkStake('', '100.00', '500.00')).toEqual({ ok: false, reason: 'EMPTY' });
    expect(checkStake('12.345', null, null)).toEqual({ ok: false, reason: 'NOT_A_NUMBER' });
    expect(checkStake('1,000', null, null)).toEqual({ ok: false, reason: 'NOT_A_NUMBER' });
    expect(checkStake('99.99', '100.00', '500.00')).toEqual({ ok: false, reason: 'TOO_SMALL' });
    expect(checkStake('500.01', '100.00', '500.00')).toEqual({ ok: false, reason: 'TOO_LARGE' });
    expect(checkStake('100', '100.00', '500.00')).toEqual({ ok: true, stakeMinor: 10_000n });
    expect(checkStake('250.5', null, null)).toEqual({ ok: true, stakeMinor: 25_050n });
  });

  it('checks the stake against the limits of a table market', () => {
    expect(checkStake('', '50.00', '25000.00')).toEqual({ ok: false, reason: 'EMPTY' });
    expect(checkStake('abc', '50.00', '25000.00')).toEqual({ ok: false, reason: 'NOT_A_NUMBER' });
    expect(checkStake('0', '50.00', '25000.00')).toEqual({ ok: false, reason: 'NOT_A_NUMBER' });
    expect(checkStake('49.99', '50.00', '25000.00')).toEqual({ ok: false, reason: 'TOO_SMALL' });
    expect(checkStake('50', '50.00', '25000.00')).toEqual({ ok: true, stakeMinor: 5_000n });
    expect(checkStake('25000', '50.00', '25000.00')).toEqual({ ok: true, stakeMinor: 2_500_000n });
    expect(checkStake('25000.01', '50.00', '25000.00')).toEqual({ ok: false, reason: 'TOO_LARGE' });
  });

  it('refuses a stake past any market while it is typed', () => {
    expect(checkStake('1000000000.01', null, null)).toEqual({ ok: false, reason: 'TOO_LARGE' });
    expect(checkStake('1000000000', null, null)).toEqual({ ok: true, stakeMinor: 100_000_000_000n });
  });
});

describe('stake field', () => {
  it('cleans typed stakes', () => {
    expect(sanitizeStakeText('12a3')).toBe('123');
    expect(sanitizeStakeText('007')).toBe('7');
    expect(sanitizeStakeText('10.555')).toBe('10.55');
    expect(sanitizeStakeText('1.2.3')).toBe('1.23');
    expect(sanitizeStakeText('1234567890')).toBe('123456789');
  });
});
