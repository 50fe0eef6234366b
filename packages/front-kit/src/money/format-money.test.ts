import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money.ts';

describe('formatMoney', () => {
  it('groups thousands and always shows two decimals', () => {
    expect(formatMoney('1500', 'en-US')).toBe('1,500.00');
    expect(formatMoney('1500.5', 'en-US')).toBe('1,500.50');
    expect(formatMoney('124.75', 'en-US')).toBe('124.75');
    expect(formatMoney('0.00', 'en-US')).toBe('0.00');
    expect(formatMoney('-2500.00', 'en-US')).toBe('-2,500.00');
  });

  it("follows the player's locale, four-digit amounts grouped too", () => {
    expect(formatMoney('1234567.89', 'de-DE')).toBe('1.234.567,89');
    expect(formatMoney('1234567.89', 'en-IN')).toBe('12,34,567.89');
    expect(formatMoney('1500.00', 'es-ES')).toBe('1.500,00');
  });

  it('keeps large amounts exact (no float rounding)', () => {
    expect(formatMoney('90071992547409931.23', 'en-US')).toBe('90,071,992,547,409,931.23');
  });

  it('rounds digits past the cent half away from zero', () => {
    expect(formatMoney('1.005', 'en-US')).toBe('1.01');
    expect(formatMoney('-1.004', 'en-US')).toBe('-1.00');
  });

  it('fixes socket numbers to two decimals', () => {
    expect(formatMoney(1500, 'en-US')).toBe('1,500.00');
    expect(formatMoney(12.5, 'en-US')).toBe('12.50');
    expect(formatMoney(0.1 + 0.2, 'en-US')).toBe('0.30');
  });

  it('returns text that is not an amount unchanged', () => {
    expect(formatMoney('-', 'en-US')).toBe('-');
    expect(formatMoney('abc', 'en-US')).toBe('abc');
    expect(formatMoney(Number.NaN, 'en-US')).toBe('NaN');
  });
});
