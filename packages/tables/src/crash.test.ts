import { describe, expect, it } from 'vitest';
import { cashOutAt, crashReturnMinor, elapsedToReach, finalMultiplier, multiplierAt } from './crash.ts';

describe('the crash growth curve', () => {
  it('is ⌊100 · e^(0.00006 · t)⌋ hundredths, from 1.00x at take-off', () => {
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(-5)).toBe(100);
    expect(multiplierAt(1_000)).toBe(106);
    expect(multiplierAt(11_552)).toBe(199);
    expect(multiplierAt(11_553)).toBe(200);
    expect(multiplierAt(38_376)).toBe(999);
    expect(multiplierAt(38_377)).toBe(1_000);
  });

  it('finds the first millisecond the curve reaches a multiplier, for every multiplier up to 100x', () => {
    for (let hundredths = 101; hundredths <= 10_000; hundredths++) {
      const at = elapsedToReach(hundredths);
      expect(multiplierAt(at)).toBeGreaterThanOrEqual(hundredths);
      expect(multiplierAt(at - 1)).toBeLessThan(hundredths);
    }
    expect(elapsedToReach(100)).toBe(0);
  });
});

describe('cash-outs', () => {
  it('pay the multiplier of the moment while it is below the crash point', () => {
    expect(cashOutAt(elapsedToReach(150), 200, null)).toEqual({ ok: true, multiplierHundredths: 150 });
    expect(cashOutAt(elapsedToReach(200) - 1, 200, null)).toEqual({ ok: true, multiplierHundredths: 199 });
    expect(cashOutAt(elapsedToReach(200), 200, null)).toEqual({ ok: false, reason: 'ROUND_CRASHED' });
    expect(cashOutAt(0, 100, null)).toEqual({ ok: false, reason: 'ROUND_CRASHED' });
  });

  it('an auto target the curve has passed has already cashed the bet out', () => {
    expect(cashOutAt(elapsedToReach(180), 300, 150)).toEqual({ ok: false, reason: 'ALREADY_CASHED_OUT' });
    expect(cashOutAt(elapsedToReach(140), 300, 150)).toEqual({ ok: true, multiplierHundredths: 140 });
    // A target at or above the crash point never fires.
    expect(cashOutAt(elapsedToReach(250), 250, 250)).toEqual({ ok: false, reason: 'ROUND_CRASHED' });
  });

  it('settle to the cash-out, else an auto target below the crash point, else nothing', () => {
    expect(finalMultiplier(300, 120, 150)).toBe(120);
    expect(finalMultiplier(300, null, 150)).toBe(150);
    expect(finalMultiplier(300, null, 300)).toBeNull();
    expect(finalMultiplier(300, null, null)).toBeNull();
    expect(crashReturnMinor(10_001n, 150)).toBe(15_001n);
    expect(crashReturnMinor(10_000n, null)).toBe(0n);
  });
});
