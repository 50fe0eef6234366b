import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_TEXT, refusalText } from './bet-errors.ts';

describe('bet refusal messages', () => {
  it('has its own words for every code a table bet can be refused with', () => {
    const codes = [
      'BETTING_CLOSED',
      'UNKNOWN_ROUND',
      'UNKNOWN_MARKET',
      'STAKE_TOO_SMALL',
      'STAKE_TOO_LARGE',
      'INSUFFICIENT_FUNDS',
      'ALREADY_CASHED_OUT',
      'ROUND_CRASHED',
    ];
    const texts = codes.map((code) => refusalText({ status: 409, code, message: 'server text' }));
    for (const text of texts) expect(text).not.toBe('server text');
    expect(new Set(texts).size).toBe(codes.length);
    expect(refusalText({ status: 409, code: 'BETTING_CLOSED', message: '' })).toMatch(/closed/i);
    expect(refusalText({ status: 422, code: 'INSUFFICIENT_FUNDS', message: '' })).toMatch(/balance/i);
  });

  it('falls back to the server message, then to a generic one', () => {
    expect(refusalText({ status: 400, code: 'SOMETHING_NEW', message: 'Odd request' })).toBe('Odd request');
    expect(refusalText({ status: 500, code: null, message: '' })).toMatch(/not accepted/);
  });

  it('names a network failure as such', () => {
    expect(refusalText({ status: 0, code: 'BETTING_CLOSED', message: '' })).toBe(NETWORK_ERROR_TEXT);
  });
});
