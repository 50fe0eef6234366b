import { describe, expect, it } from 'vitest';
import {
  cashOutRace,
  formatMultiplier,
  liveMultiplier,
  multiplierHundredthsAt,
  parseAutoCashOut,
} from './crash-curve.ts';

const GROWTH = 0.00006;

describe('crash curve', () => {
  it('follows the published curve in whole hundredths', () => {
    expect(multiplierHundredthsAt(0, GROWTH)).toBe(100);
    expect(multiplierHundredthsAt(-50, GROWTH)).toBe(100);
    expect(multiplierHundredthsAt(11_553, GROWTH)).toBe(200);
    expect(multiplierHundredthsAt(11_000, GROWTH)).toBe(193);
    expect(multiplierHundredthsAt(38_376, GROWTH)).toBe(999);
    expect(multiplierHundredthsAt(38_380, GROWTH)).toBe(1000);
  });

  it('uses the server clock and stops at the crash point', () => {
    const startedAt = '2026-11-23T12:00:00.000Z';
    const start = Date.parse(startedAt);
    const round = { startedAt, growthPerMs: GROWTH, crashPoint: null };
    // Local clock 5 s behind the server: 6.553 s local after start is 11.553 s on the server.
    expect(liveMultiplier(round, start + 6_553, 5_000)).toBe(2);
    expect(liveMultiplier(round, start + 11_553, 0)).toBe(2);
    expect(liveMultiplier({ ...round, crashPoint: 1.36 }, start + 60_000, 0)).toBe(1.36);
  });

  it('formats with two decimals', () => {
    expect(formatMultiplier(1)).toBe('1.00x');
    expect(formatMultiplier(2.35)).toBe('2.35x');
    expect(formatMultiplier(9.96)).toBe('9.96x');
  });

  it('reads auto cash-out targets within the limits', () => {
    expect(parseAutoCashOut('2')).toBe(2);
    expect(parseAutoCashOut('1.01')).toBe(1.01);
    expect(parseAutoCashOut('1')).toBeNull();
    expect(parseAutoCashOut('1.005')).toBeNull();
    expect(parseAutoCashOut('1000000')).toBe(1_000_000);
    expect(parseAutoCashOut('1000000.01')).toBeNull();
    expect(parseAutoCashOut('abc')).toBeNull();
  });

  it('tells which way a cash-out raced the crash', () => {
    expect(cashOutRace({ ok: true })).toBe('WON');
    expect(cashOutRace({ ok: false, code: 'ROUND_CRASHED' })).toBe('LOST');
    expect(cashOutRace({ ok: false, code: 'BET_NOT_FOUND' })).toBeNull();
  });
});
