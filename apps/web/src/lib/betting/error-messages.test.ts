import { describe, expect, it } from 'vitest';
import { BET_ERROR_CODES, TABLE_ERROR_CODES } from '@backlay/contracts';
import { NETWORK_ERROR_TEXT, refusalText, stakeProblemText, type BetProduct } from './error-messages.ts';

const limits = { minStake: '100.00', maxStake: '500.00' };
const exchange = { product: 'exchange', limits } as const;
const tables = { product: 'tables' } as const;
const ALL_CODES = [...new Set([...BET_ERROR_CODES, ...TABLE_ERROR_CODES])];
/**
 * Refusals worded by the server, which alone knows when a player's break ends and what their limits
 * still allow.
 */
const SERVER_WORDED = new Set<string>([
  'SELF_EXCLUDED',
  'ACCOUNT_TIMED_OUT',
  'LOSS_LIMIT_REACHED',
  'STAKE_ABOVE_PLAYER_LIMIT',
  'EXPOSURE_LIMIT_REACHED',
]);
/** What a server sends with a code: its own words where the portal shows them, else words it ignores. */
const serverText = (code: string) => (SERVER_WORDED.has(code) ? '' : 'server text');
const PRODUCTS: readonly BetProduct[] = ['exchange', 'tables'];

describe('bet refusal messages of the exchange', () => {
  it('has its own clear message for every code of the bets API', () => {
    const texts = BET_ERROR_CODES.map((code) =>
      refusalText({ status: 422, code, message: serverText(code) }, exchange),
    );
    expect(new Set(texts).size).toBe(BET_ERROR_CODES.length);
    for (const text of texts) {
      expect(text).not.toBe('server text');
      expect(text).not.toMatch(/[A-Z]{2,}_[A-Z]/);
    }
  });

  it('names the market limits in stake messages', () => {
    const refused = (code: string) => refusalText({ code, message: '' }, exchange);
    expect(refused('STAKE_TOO_SMALL')).toContain('100.00');
    expect(refused('STAKE_TOO_LARGE')).toContain('500.00');
    expect(stakeProblemText('TOO_SMALL', limits)).toBe(refused('STAKE_TOO_SMALL'));
    expect(stakeProblemText('TOO_LARGE', limits)).toBe(refused('STAKE_TOO_LARGE'));
    expect(stakeProblemText('EMPTY', limits)).toBe('Enter a stake.');
    expect(stakeProblemText('NOT_A_NUMBER', limits)).toMatch(/two decimals/);
  });

  it('speaks of the limits in general while the market loads', () => {
    const loading = { product: 'exchange', limits: { minStake: null, maxStake: null } } as const;
    expect(refusalText({ code: 'STAKE_TOO_SMALL', message: '' }, loading)).toMatch(/its minimum\.$/);
    expect(refusalText({ code: 'STAKE_TOO_LARGE', message: '' }, { product: 'exchange' })).toMatch(
      /its maximum\.$/,
    );
  });

  it("shows the server's message for a code it does not know", () => {
    const known = { product: 'exchange' } as const;
    expect(refusalText({ code: 'SOMETHING_NEW', message: 'The market is paused for review.' }, known)).toBe(
      'The market is paused for review.',
    );
    expect(refusalText({ code: null, message: '' }, known)).toBe('The request failed. Please try again.');
  });
});

describe('bet refusal messages of the tables', () => {
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
    const texts = codes.map((code) => refusalText({ status: 409, code, message: 'server text' }, tables));
    for (const text of texts) expect(text).not.toBe('server text');
    expect(new Set(texts).size).toBe(codes.length);
    expect(refusalText({ status: 409, code: 'BETTING_CLOSED', message: '' }, tables)).toMatch(/closed/i);
    expect(refusalText({ status: 422, code: 'INSUFFICIENT_FUNDS', message: '' }, tables)).toMatch(/balance/i);
  });

  it('falls back to the server message, then to a generic one', () => {
    expect(refusalText({ status: 400, code: 'SOMETHING_NEW', message: 'Odd request' }, tables)).toBe(
      'Odd request',
    );
    expect(refusalText({ status: 500, code: null, message: '' }, tables)).toMatch(/not accepted/);
  });

  it('names a network failure as such', () => {
    expect(refusalText({ status: 0, code: 'BETTING_CLOSED', message: '' }, tables)).toBe(NETWORK_ERROR_TEXT);
    expect(refusalText({ status: 0, code: null, message: '' }, exchange)).toBe(NETWORK_ERROR_TEXT);
  });
});

describe('one message table for every product', () => {
  it('words every code of the exchange, the tables and the admission gate on every screen', () => {
    for (const product of PRODUCTS) {
      for (const code of ALL_CODES) {
        const text = refusalText({ status: 403, code, message: serverText(code) }, { product });
        expect(text, `${product} ${code}`).not.toBe('server text');
        expect(text, `${product} ${code}`).not.toMatch(/[A-Z]{2,}_[A-Z]|undefined|null/);
      }
    }
  });

  it('tells a suspended or unknown player what to do, whichever product refused the bet', () => {
    for (const product of PRODUCTS) {
      expect(refusalText({ status: 403, code: 'PLAYER_SUSPENDED', message: '' }, { product })).toBe(
        'Your account is suspended. Please contact support.',
      );
      expect(refusalText({ status: 403, code: 'UNKNOWN_PLAYER', message: '' }, { product })).toBe(
        'Your account could not be found. Please sign in again.',
      );
    }
  });

  it("shows the server's words for a break, which name when it ends", () => {
    const server = 'You are taking a break from play. It ends on 2026-11-28 12:00 UTC.';
    for (const product of PRODUCTS) {
      expect(refusalText({ status: 403, code: 'ACCOUNT_TIMED_OUT', message: server }, { product })).toBe(
        server,
      );
      expect(refusalText({ status: 403, code: 'SELF_EXCLUDED', message: '' }, { product })).toBe(
        'You have excluded yourself from play.',
      );
    }
  });

  it('keeps the words each screen showed for codes both products answer', () => {
    const both = (code: string) =>
      PRODUCTS.map((product) => refusalText({ status: 422, code, message: '' }, { product }));
    expect(both('INSUFFICIENT_FUNDS')).toEqual([
      "Your available balance does not cover this bet's liability.",
      'Insufficient balance for this stake.',
    ]);
    expect(both('UNKNOWN_MARKET')).toEqual([
      'This market is no longer available.',
      'This market is not offered at this table.',
    ]);
  });
});
