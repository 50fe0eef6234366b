import { decimalOddsOfTick, MAX_TICK, MIN_TICK } from '@backlay/exchange';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairTick, quoteTicks } from './ticks.ts';

const odds = (tick: number) => decimalOddsOfTick(tick);

describe('quoteTicks', () => {
  it('rounds a 50% chance with a 2% margin to 1.96 / 2.06 on the ladder', () => {
    // back 1 / 0.51 = 1.9607 (down to 1.96); lay 1 / 0.49 = 2.0408 (up to 2.06, 2.04 is below it)
    const quote = quoteTicks(500_000, 200);
    expect([odds(quote.backTick), odds(quote.layTick)]).toEqual(['1.96', '2.06']);
  });

  it('uses the fair tick on both sides but one tick apart when the margin is zero', () => {
    const quote = quoteTicks(500_000, 0);
    expect([odds(quote.backTick), odds(quote.layTick)]).toEqual(['2.00', '2.02']);
    expect(odds(fairTick(250_000))).toBe('4.00');
  });

  it('clamps at the ends of the ladder', () => {
    expect(quoteTicks(1_000_000, 100)).toEqual({ backTick: MIN_TICK, layTick: MIN_TICK + 1 });
    expect(quoteTicks(1, 100)).toEqual({ backTick: MAX_TICK - 1, layTick: MAX_TICK });
  });

  it('always quotes back below lay, back at or under fair and lay at or over fair', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 2000 }),
        (ppm, margin) => {
          const { backTick, layTick } = quoteTicks(ppm, margin);
          expect(backTick).toBeLessThan(layTick);
          const fairHundredths = 1e8 / ppm;
          if (backTick > MIN_TICK)
            expect(Number(odds(backTick)) * 100).toBeLessThanOrEqual(fairHundredths + 1e-6);
          if (layTick < MAX_TICK && ppm > 1010)
            expect(Number(odds(layTick)) * 100).toBeGreaterThanOrEqual(fairHundredths - 1e-6);
        },
      ),
    );
  });

  it('rejects probabilities and margins outside their ranges', () => {
    expect(() => quoteTicks(0, 100)).toThrow(RangeError);
    expect(() => quoteTicks(500_000.5, 100)).toThrow(RangeError);
    expect(() => quoteTicks(500_000, 10_000)).toThrow(RangeError);
  });
});
