import { describe, expect, it } from 'vitest';
import { AMOUNT_RULE_TEXT, MINUTES_RULE_TEXT, limitAmountError, sessionMinutesError } from './limit-input.ts';

describe('limitAmountError', () => {
  it('takes whole amounts and up to two decimals', () => {
    for (const typed of ['50', ' 50 ', '50.5', '50.50', '0.01', '007.5', '999999999999.99'])
      expect(limitAmountError(typed), typed).toBeNull();
  });

  it('refuses zero, signs, separators, exponents and three decimals with the rule', () => {
    const refused = ['', ' ', '0', '0.00', '-5', '+5', '.5', '5.', '1,500', '1e3', '1.234', 'abc', '50 EUR'];
    for (const typed of refused) expect(limitAmountError(typed), typed).toBe(AMOUNT_RULE_TEXT);
    expect(limitAmountError('1234567890123')).toBe(AMOUNT_RULE_TEXT);
  });

  it('words its rule plainly', () => {
    expect(AMOUNT_RULE_TEXT).toBe('Enter an amount above 0 with at most two decimals, like 50 or 50.50.');
  });
});

describe('sessionMinutesError', () => {
  it('takes whole minutes from 1 to a day', () => {
    for (const typed of ['1', ' 90 ', '1440']) expect(sessionMinutesError(typed), typed).toBeNull();
  });

  it('refuses anything else with the rule', () => {
    for (const typed of ['', '0', '1441', '1.5', '-3', '90 min', '1e2', '10000'])
      expect(sessionMinutesError(typed), typed).toBe(MINUTES_RULE_TEXT);
    expect(MINUTES_RULE_TEXT).toBe('Enter a whole number of minutes from 1 to 1440.');
  });
});
