import { BET_ERROR_CODES } from '@backlay/contracts';
import { describe, expect, it } from 'vitest';
import { ADMISSION_MESSAGES } from '../../admission/index.ts';
import { BETFAIR_FAILURES, betfairFailure } from './errors.ts';

/** The refusals Betfair has a code for, as `level:code`; every other code is the matcher's error. */
const NAMED: Readonly<Record<string, string>> = {
  INSUFFICIENT_FUNDS: 'order:INSUFFICIENT_FUNDS',
  LOSS_LIMIT_REACHED: 'order:LOSS_LIMIT_EXCEEDED',
  MARKET_SUSPENDED: 'order:MARKET_SUSPENDED',
  MARKET_CLOSED: 'order:MARKET_NOT_OPEN_FOR_BETTING',
  UNKNOWN_MARKET: 'order:INVALID_MARKET_ID',
  IDEMPOTENCY_CONFLICT: 'order:DUPLICATE_TRANSACTION',
  PLAYER_SUSPENDED: 'order:INVALID_ACCOUNT_STATE',
  UNKNOWN_PLAYER: 'order:INVALID_ACCOUNT_STATE',
  SELF_EXCLUDED: 'order:INVALID_ACCOUNT_STATE',
  ACCOUNT_TIMED_OUT: 'order:INVALID_ACCOUNT_STATE',
  BET_LOCKED: 'order:PERMISSION_DENIED',
  MARKET_LOCKED_BY_AGENT: 'order:PERMISSION_DENIED',
  EXPOSURE_LIMIT_REACHED: 'order:LOSS_LIMIT_EXCEEDED',
  EXCHANGE_UNAVAILABLE: 'order:SERVICE_UNAVAILABLE',
  UNIT_UNAVAILABLE: 'order:SERVICE_UNAVAILABLE',
  IN_PLAY_DELAY: 'order:SERVICE_UNAVAILABLE',
  CLIENT_REF_RECHECK: 'order:SERVICE_UNAVAILABLE',
  PRICE_NOT_ON_LADDER: 'instruction:INVALID_ODDS',
  STAKE_TOO_SMALL: 'instruction:INVALID_BET_SIZE',
  STAKE_TOO_LARGE: 'instruction:INVALID_BET_SIZE',
  STAKE_ABOVE_PLAYER_LIMIT: 'instruction:INVALID_BET_SIZE',
  INVALID_STAKE: 'instruction:INVALID_BET_SIZE',
  UNKNOWN_RUNNER: 'instruction:INVALID_RUNNER',
  RUNNER_REMOVED: 'instruction:INVALID_RUNNER',
  BET_NOT_FOUND: 'instruction:BET_TAKEN_OR_LAPSED',
  NOTHING_TO_CANCEL: 'instruction:BET_TAKEN_OR_LAPSED',
};

describe('betfairFailure', () => {
  it('maps every refusal code to its Betfair failure, the rest to ERROR_IN_MATCHER', () => {
    const codes = Object.keys(BETFAIR_FAILURES);
    expect(codes.length).toBeGreaterThan(Object.keys(NAMED).length);
    for (const code of codes) {
      const failure = betfairFailure(code);
      expect(`${code} ${failure.level}:${failure.code}`).toBe(
        `${code} ${NAMED[code] ?? 'instruction:ERROR_IN_MATCHER'}`,
      );
    }
  });

  it('covers every admission code and every code of the bets API', () => {
    const codes = new Set(Object.keys(BETFAIR_FAILURES));
    const missing = [...Object.keys(ADMISSION_MESSAGES), ...BET_ERROR_CODES].filter(
      (code) => !codes.has(code),
    );
    expect(missing).toEqual([]);
  });

  it('answers the matcher error for a code no refusal names, and for inherited names', () => {
    expect(betfairFailure('SOMETHING_NEW')).toEqual({ level: 'instruction', code: 'ERROR_IN_MATCHER' });
    expect(betfairFailure('toString')).toEqual({ level: 'instruction', code: 'ERROR_IN_MATCHER' });
  });
});
