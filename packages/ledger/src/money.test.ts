import { describe, expect, it } from 'vitest';
import {
  MAX_TRANSFER_MINOR,
  formatMinor,
  minorToNumber,
  parseAmountMinor,
  parseFormattedMinor,
} from './money.ts';

const limit = { maxMinor: MAX_TRANSFER_MINOR };
const parse = (input: unknown) => parseAmountMinor(input, limit);
const codeOf = (input: unknown) => {
  const result = parse(input);
  return result.ok ? 'OK' : result.code;
};

describe('parseAmountMinor', () => {
  it.each([
    ['1500', 150000n],
    ['1500.5', 150050n],
    ['1500.50', 150050n],
    ['0.01', 1n],
    ['007.5', 750n],
    ['  12.5 ', 1250n],
    ['\t12\n', 1200n],
    [1500, 150000n],
    [1500.5, 150050n],
    [0.07, 7n],
    [1.1, 110n],
    ['10000000', MAX_TRANSFER_MINOR],
    ['10000000.00', MAX_TRANSFER_MINOR],
  ])('accepts %j', (input, amountMinor) => {
    expect(parse(input)).toEqual({ ok: true, amountMinor });
  });

  it.each([
    '',
    '   ',
    'abc',
    '12abc',
    '+5',
    '.5',
    '5.',
    '1e3',
    '1E3',
    '0x10',
    '1,500',
    '1 500',
    'Infinity',
    'NaN',
    '--5',
    '5-',
    '1'.repeat(65),
  ])('refuses %j as NOT_A_NUMBER', (input) => {
    expect(codeOf(input)).toBe('NOT_A_NUMBER');
  });

  it.each([NaN, Infinity, -Infinity, null, undefined, true, {}, [], 5n, { amount: 5 }])(
    'refuses the non-numeric value %s',
    (input) => {
      expect(codeOf(input)).toBe('NOT_A_NUMBER');
    },
  );

  it.each(['0', '0.00', '-0', '-5', '-0.01', 0, -0, -5, -1e21])('refuses %j as NOT_POSITIVE', (input) => {
    expect(codeOf(input)).toBe('NOT_POSITIVE');
  });

  it.each(['1.234', '1.230', '0.001', '-1.234', 0.1 + 0.2, 1e-7, 1.005])(
    'refuses %j as TOO_MANY_DECIMALS',
    (input) => {
      expect(codeOf(input)).toBe('TOO_MANY_DECIMALS');
    },
  );

  it.each(['10000000.01', '99999999999999999999999999', 1e21, 1.5e300, '0000000000010000001'])(
    'refuses %j as ABOVE_LIMIT',
    (input) => {
      expect(codeOf(input)).toBe('ABOVE_LIMIT');
    },
  );

  it('puts the limit in the ABOVE_LIMIT message', () => {
    const result = parseAmountMinor('501', { maxMinor: 50000n });
    expect(result).toEqual({ ok: false, code: 'ABOVE_LIMIT', message: 'Amount must not exceed 500.00.' });
  });

  it('gives every rejection a human message', () => {
    for (const input of ['abc', '0', '1.234', '1e99']) {
      const result = parse(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/^Amount /);
    }
  });
});

describe('formatMinor and minorToNumber', () => {
  it.each([
    [0n, '0.00'],
    [1n, '0.01'],
    [150000n, '1500.00'],
    [150050n, '1500.50'],
    [-5n, '-0.05'],
    [-150050n, '-1500.50'],
    [123456789012345678901n, '1234567890123456789.01'],
  ])('formats %s as %s', (amountMinor, text) => {
    expect(formatMinor(amountMinor)).toBe(text);
  });

  it('round-trips through parseAmountMinor', () => {
    for (const amountMinor of [1n, 99n, 100n, 150050n, MAX_TRANSFER_MINOR]) {
      expect(parse(formatMinor(amountMinor))).toEqual({ ok: true, amountMinor });
    }
  });

  it('reads back every amount it formats, zero and negatives too, and nothing else', () => {
    for (const amountMinor of [0n, 1n, -5n, 150050n, -150050n, 123456789012345678901n]) {
      expect(parseFormattedMinor(formatMinor(amountMinor))).toBe(amountMinor);
    }
    for (const text of ['1500', '1500.5', '1,500.00', '+1.00', '1.000', ' 1.00', '-.50'])
      expect(() => parseFormattedMinor(text)).toThrow(RangeError);
  });

  it('converts to the nearest JS number for the balance socket', () => {
    expect(minorToNumber(150050n)).toBe(1500.5);
    expect(minorToNumber(-7n)).toBe(-0.07);
    expect(minorToNumber(0n)).toBe(0);
    expect(minorToNumber(110n)).toBe(1.1);
  });
});
