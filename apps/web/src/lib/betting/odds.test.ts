import { describe, expect, it } from 'vitest';
import { oddsHundredthsOf } from './odds.ts';

describe('odds as hundredths', () => {
  it('reads prices exactly as hundredths', () => {
    expect(oddsHundredthsOf(1.95)).toBe(195);
    expect(oddsHundredthsOf('2')).toBe(200);
    expect(oddsHundredthsOf('1000')).toBe(100000);
    expect(oddsHundredthsOf(2.63)).toBe(263);
    expect(oddsHundredthsOf(1.005)).toBeNull();
    expect(oddsHundredthsOf('1.00')).toBeNull();
    expect(oddsHundredthsOf('abc')).toBeNull();
  });
});
