import { describe, expect, it } from 'vitest';
import { evaluateLine, slot, slotTitle } from './slot-engine.ts';
import { exactRtp, rtpPpm } from './slot-rtp.ts';
import { SLOT_TITLES, stripOf } from './slot-titles.ts';
import { generateFloats } from '../stream.ts';

const fruit = slotTitle('fruit-fives')!;

describe('slot engine', () => {
  it.each(SLOT_TITLES.map((title) => ({ title })))('$title.id has the documented exact RTP', ({ title }) => {
    expect(rtpPpm(title)).toBe(title.documentedRtpPpm);
    expect(title.reels).toHaveLength(5);
    expect(100 % title.paylines.length).toBe(0);
    const { numerator, denominator } = exactRtp(title);
    expect(Number(numerator) / Number(denominator)).toBeGreaterThan(0.9);
    expect(Number(numerator) / Number(denominator)).toBeLessThan(0.99);
  });

  it('pays the longest left-anchored run with wilds substituting', () => {
    expect(evaluateLine(fruit, ['S', 'S', 'S', 'C', 'S'])).toEqual({ symbol: 'S', count: 3, lineBets: 30 });
    expect(evaluateLine(fruit, ['W', 'S', 'W', 'S', 'C'])).toEqual({ symbol: 'S', count: 4, lineBets: 120 });
    expect(evaluateLine(fruit, ['C', 'C', 'L', 'C', 'C'])).toEqual({ symbol: 'C', count: 2, lineBets: 0 });
    expect(evaluateLine(fruit, ['W', 'W', 'W', 'W', 'W'])).toEqual({ symbol: 'W', count: 5, lineBets: 1000 });
    // Three wilds pay 50 on their own, more than four cherries (10).
    expect(evaluateLine(fruit, ['W', 'W', 'W', 'C', 'L'])).toEqual({ symbol: 'W', count: 3, lineBets: 50 });
  });

  it('spins reel stops from one float per reel and reads three rows', () => {
    const seeds = { serverSeed: 'slot seed', clientSeed: 'player', nonce: 9 };
    const result = slot(seeds, { title: 'fruit-fives' });
    if (!result.ok) throw new Error(result.code);
    const floats = generateFloats(seeds, 5);
    if (!floats.ok) throw new Error(floats.code);
    expect(result.value.stops).toEqual(
      fruit.reels.map((strip, i) => Math.floor(floats.value[i]! * strip.length)),
    );
    result.value.grid.forEach((column, reel) => {
      const strip = fruit.reels[reel]!;
      const stop = result.value.stops[reel]!;
      expect(column).toBe([0, 1, 2].map((row) => strip[(stop + row) % strip.length]).join(''));
    });
    const lineBets = result.value.wins.reduce((sum, win) => sum + win.lineBets, 0);
    expect(result.value.multiplierHundredths).toBe(lineBets * 10);
  });

  it('finds wins and keeps multipliers whole hundredths', () => {
    let winning = 0;
    for (let nonce = 0; nonce < 3000; nonce++) {
      const result = slot({ serverSeed: 's', clientSeed: 'c', nonce }, { title: 'gem-vault' });
      if (!result.ok) throw new Error(result.code);
      expect(Number.isInteger(result.value.multiplierHundredths)).toBe(true);
      if (result.value.wins.length > 0) winning++;
    }
    expect(winning).toBeGreaterThan(300);
  });

  it('refuses an unknown title and spreads strip symbols', () => {
    expect(slot({ serverSeed: 's', clientSeed: 'c', nonce: 0 }, { title: 'nope' })).toEqual({
      ok: false,
      code: 'INVALID_TITLE',
    });
    expect(stripOf({ A: 2, B: 4 })).toBe('ABABBB');
  });
});
