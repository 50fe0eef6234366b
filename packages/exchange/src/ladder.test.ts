import { describe, expect, it } from 'vitest';
import {
  MAX_TICK,
  TICK_COUNT,
  decimalOddsOfTick,
  priceHundredthsOfTick,
  tickAbove,
  tickBelow,
  tickOfDecimalOdds,
  tickOfPriceHundredths,
} from './ladder.ts';

describe('odds ladder', () => {
  it('has 350 ticks from 1.01 to 1000', () => {
    expect(TICK_COUNT).toBe(350);
    expect(priceHundredthsOfTick(0)).toBe(101);
    expect(priceHundredthsOfTick(MAX_TICK)).toBe(100000);
  });

  it.each([
    ['1.01', 0],
    ['2.00', 99],
    ['2.02', 100],
    ['3.00', 149],
    ['3.05', 150],
    ['4.10', 170],
    ['6.20', 190],
    ['10.50', 210],
    ['21', 230],
    ['32', 240],
    ['55', 250],
    ['110', 260],
    ['1000', 349],
  ])('maps %s to tick %i and back', (odds, priceTick) => {
    expect(tickOfDecimalOdds(odds)).toEqual({ ok: true, value: priceTick });
    expect(tickOfDecimalOdds(decimalOddsOfTick(priceTick))).toEqual({ ok: true, value: priceTick });
  });

  it.each([
    '1.00',
    '2.01',
    '3.03',
    '4.15',
    '7.10',
    '10.25',
    '20.5',
    '31',
    '52',
    '105',
    '1010',
    'abc',
    '2.345',
  ])('rejects off-ladder odds %s', (odds) => {
    expect(tickOfDecimalOdds(odds)).toEqual({ ok: false, code: 'OFF_LADDER' });
  });

  it('is strictly increasing, so tick order is price order', () => {
    for (let priceTick = 1; priceTick < TICK_COUNT; priceTick++) {
      expect(priceHundredthsOfTick(priceTick)).toBeGreaterThan(priceHundredthsOfTick(priceTick - 1));
      expect(tickOfPriceHundredths(priceHundredthsOfTick(priceTick))).toEqual({ ok: true, value: priceTick });
    }
  });

  it('steps to neighbouring ticks and refuses to leave the ladder', () => {
    expect(tickAbove(99)).toEqual({ ok: true, value: 100 });
    expect(tickBelow(100, 2)).toEqual({ ok: true, value: 98 });
    expect(tickAbove(MAX_TICK)).toEqual({ ok: false, code: 'OFF_LADDER' });
    expect(tickBelow(0)).toEqual({ ok: false, code: 'OFF_LADDER' });
  });
});
