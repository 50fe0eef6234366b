import { describe, expect, it } from 'vitest';
import { dice } from './dice.ts';
import { limbo, limboHundredthsOfFloat } from './limbo.ts';
import { mines } from './mines.ts';
import { keno } from './keno.ts';
import { plinko } from './plinko.ts';
import { wheel } from './wheel.ts';
import { cards } from './cards.ts';
import { generateFloats } from '../stream.ts';

// Published results for these inputs; sources in docs/decisions/0100-provably-fair-scheme.md.
const demo = (nonce: number) => ({ serverSeed: 'server seed', clientSeed: 'client seed', nonce });
const published = [
  {
    seeds: {
      clientSeed: 'bb62964774',
      serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
      nonce: 1,
    },
    dice: 7718,
    limbo: 128,
    keno: [31, 36, 12, 32, 2, 8, 20, 10, 25, 17],
  },
  {
    seeds: {
      clientSeed: '3c83fc7e07',
      serverSeed: 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6',
      nonce: 3,
    },
    dice: 1959,
    limbo: 505,
    keno: [8, 19, 28, 29, 18, 30, 11, 13, 3, 2],
  },
  {
    seeds: {
      clientSeed: '8b3ca8298c',
      serverSeed: 'a5022ccf5dd5a76d2014278e3d91d1dfc47c3f12e683ea0c8151fdc2f944beb1',
      nonce: 54,
    },
    dice: 5637,
    limbo: 175,
    keno: [23, 33, 1, 36, 9, 20, 19, 28, 8, 38],
  },
];

const value = <T>(result: { ok: true; value: T } | { ok: false; code: string }): T => {
  if (!result.ok) throw new Error(result.code);
  return result.value;
};

describe('published known answers', () => {
  it('reads the byte stream into the published floats', () => {
    expect(
      value(generateFloats({ serverSeed: 'some server seed', clientSeed: 'some client seed', nonce: 1 }, 3)),
    ).toEqual([0.5919261889066547, 0.81884371698834, 0.17176169087179005]);
  });

  it.each(published)('dice, limbo and keno for client seed $seeds.clientSeed', (example) => {
    expect(value(dice(example.seeds)).rollHundredths).toBe(example.dice);
    expect(value(limbo(example.seeds)).multiplierHundredths).toBe(example.limbo);
    expect(value(keno(example.seeds)).numbers).toEqual(example.keno);
  });

  it('dice and limbo for the demo seeds', () => {
    expect([1, 2].map((n) => value(dice(demo(n))).rollHundredths)).toEqual([7467, 5386]);
    expect([1, 2, 3].map((n) => value(limbo(demo(n))).multiplierHundredths)).toEqual([132, 183, 428]);
  });

  it('limbo takes floor(float × 1e8) + 1 as the divisor when the float is tiny', () => {
    const seeds = {
      serverSeed: 'e8df2cc3b9ccb583ce5ea92336842387',
      clientSeed: '83e27f682128eb1852b048203dfd6931',
      nonce: 1942124,
    };
    expect(value(limbo(seeds)).multiplierHundredths).toBe(380769230);
  });

  it('limbo keeps the calculator double rounding where exact division would differ', () => {
    // n = 495: exact 99e8 / 495 = 20,000,000 hundredths, the calculator's doubles give 199,999.99.
    expect(limboHundredthsOfFloat(494.5e-8)).toBe(19999999);
    expect(limboHundredthsOfFloat(0.999999999)).toBe(100);
  });

  it('mines, keno, plinko and wheel for the demo seeds', () => {
    expect(value(mines(demo(1), { mines: 3 })).mines).toEqual([18, 15, 5]);
    expect(value(keno(demo(2))).numbers).toEqual([22, 26, 8, 4, 3, 19, 9, 2, 34, 10]);
    expect([1, 2, 3].map((n) => value(plinko(demo(n), { rows: 8, risk: 'low' })).slot)).toEqual([7, 2, 5]);
    expect([1, 2, 3].map((n) => value(plinko(demo(n), { rows: 9, risk: 'low' })).slot)).toEqual([8, 3, 6]);
    expect(value(plinko(demo(1), { rows: 16, risk: 'low' })).multiplierHundredths).toBe(140);
    expect(value(plinko(demo(1), { rows: 8, risk: 'high' })).multiplierHundredths).toBe(400);
    expect(value(wheel(demo(1), { segments: 10, risk: 'low' }))).toEqual({
      segment: 7,
      multiplierHundredths: 120,
    });
    expect(value(wheel(demo(2), { segments: 20, risk: 'low' }))).toEqual({
      segment: 10,
      multiplierHundredths: 150,
    });
    expect(value(wheel(demo(2), { segments: 40, risk: 'medium' }))).toEqual({
      segment: 21,
      multiplierHundredths: 0,
    });
  });

  it('deals the published Hi-Lo card sequence', () => {
    const dealt = value(cards(demo(1), { count: 12 })).cards.map((card) => card.code);
    expect(dealt).toEqual(['JS', 'TH', '5H', 'KC', '9H', 'KH', 'TS', 'TH', 'AD', '3S', '2S', 'JC']);
    const other = value(cards({ ...demo(1), clientSeed: 'other client seed' }, { count: 4 })).cards;
    expect(other.map((card) => card.code)).toEqual(['9D', '9S', 'AD', 'AS']);
  });
});
