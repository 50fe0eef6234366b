import { describe, expect, it } from 'vitest';
import { formatMoneyMinor, moneyText, negateMoney, parseMoney } from './minor-units.ts';

describe('parseMoney', () => {
  it('reads decimal text as minor units', () => {
    expect(parseMoney('1500.00')).toBe(150_000n);
    expect(parseMoney('-20.50')).toBe(-2_050n);
    expect(parseMoney('1500.5')).toBe(150_050n);
    expect(parseMoney(' +7 ')).toBe(700n);
    expect(parseMoney('90071992547409931.23')).toBe(9_007_199_254_740_993_123n);
  });

  it('refuses text that is not an amount of at most two decimals', () => {
    for (const text of ['', '-', 'abc', '1,500.00', '1e3', '.5', '5.', '1.005', '--5'])
      expect(parseMoney(text)).toBeNull();
    expect(parseMoney('-0.00')).toBe(0n);
  });
});

describe('moneyText and negateMoney', () => {
  it('writes minor units as the wire does', () => {
    expect(moneyText(150_000n)).toBe('1500.00');
    expect(moneyText(-5n)).toBe('-0.05');
    expect(moneyText(0n)).toBe('0.00');
  });

  it('negates the amount, not the text', () => {
    expect(negateMoney('12.50')).toBe('-12.50');
    expect(negateMoney('-3.00')).toBe('3.00');
    expect(negateMoney('12.5')).toBe('-12.50');
    expect(negateMoney('n/a')).toBe('n/a');
  });

  it('never writes a negative zero', () => {
    expect(negateMoney('0.00')).toBe('0.00');
    expect(negateMoney('-0.00')).toBe('0.00');
  });
});

describe('formatMoneyMinor', () => {
  it("shows minor units in the locale's format, exact however large", () => {
    expect(formatMoneyMinor(-250_000n, 'en-US')).toBe('-2,500.00');
    expect(formatMoneyMinor(123_456_789n, 'en-IN')).toBe('12,34,567.89');
    expect(formatMoneyMinor(9_007_199_254_740_993_123n, 'en-US')).toBe('90,071,992,547,409,931.23');
  });
});
