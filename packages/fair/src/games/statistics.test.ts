import { describe, expect, it } from 'vitest';
import { dice } from './dice.ts';
import { keno } from './keno.ts';
import { mines, minesMultiplierHundredths } from './mines.ts';
import { plinko } from './plinko.ts';
import { PLINKO_RISKS, plinkoTable } from './plinko-tables.ts';
import { WHEEL_RISKS, WHEEL_SEGMENTS, wheelTable } from './wheel-tables.ts';
import { towerMultiplierHundredths, tower } from './tower.ts';
import { wheel } from './wheel.ts';
import { instantCrash } from './instant-crash.ts';
import { cards } from './cards.ts';

const seeds = (nonce: number) => ({ serverSeed: 'statistics server seed', clientSeed: 'statistics', nonce });
const value = <T>(result: { ok: true; value: T } | { ok: false; code: string }): T => {
  if (!result.ok) throw new Error(result.code);
  return result.value;
};

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

describe('statistical sanity', () => {
  it('dice averages 50.00 over 100,000 rolls and reaches both ends of 0..10000', () => {
    let sum = 0;
    let min = Infinity;
    let max = -Infinity;
    for (let nonce = 0; nonce < 100_000; nonce++) {
      const roll = value(dice(seeds(nonce))).rollHundredths;
      sum += roll;
      min = Math.min(min, roll);
      max = Math.max(max, roll);
    }
    // Standard error of the mean is 2887 / sqrt(1e5) ≈ 9 hundredths; allow about 5 of them.
    expect(Math.abs(sum / 100_000 - 5000)).toBeLessThan(50);
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThanOrEqual(10000);
    expect(max).toBeGreaterThan(9990);
  });

  it('keno draws 10 distinct numbers in 1..40 and every number appears', () => {
    const seen = new Set<number>();
    for (let nonce = 0; nonce < 2000; nonce++) {
      const numbers = value(keno(seeds(nonce))).numbers;
      expect(new Set(numbers).size).toBe(10);
      for (const n of numbers) {
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(40);
        seen.add(n);
      }
    }
    expect(seen.size).toBe(40);
  });

  it('mines places distinct tiles in 0..24 for every mine count', () => {
    for (let count = 1; count <= 24; count++) {
      for (let nonce = 0; nonce < 50; nonce++) {
        const tiles = value(mines(seeds(nonce), { mines: count })).mines;
        expect(tiles).toHaveLength(count);
        expect(new Set(tiles).size).toBe(count);
        expect(tiles.every((tile) => Number.isInteger(tile) && tile >= 0 && tile < 25)).toBe(true);
      }
    }
  });

  it('plinko slots follow the binomial distribution (16 rows, 20,000 drops)', () => {
    const counts = new Array<number>(17).fill(0);
    for (let nonce = 0; nonce < 20_000; nonce++)
      counts[value(plinko(seeds(nonce), { rows: 16, risk: 'low' })).slot]! += 1;
    let chiSquare = 0;
    counts.forEach((observed, slot) => {
      const expected = (20_000 * binomial(16, slot)) / 2 ** 16;
      if (expected >= 5) chiSquare += (observed - expected) ** 2 / expected;
    });
    expect(chiSquare).toBeLessThan(45); // ~13 cells kept; p ≈ 1e-5 at this bound
  });

  it('wheel segments and cards are uniform enough', () => {
    const segments = new Array<number>(50).fill(0);
    for (let nonce = 0; nonce < 20_000; nonce++)
      segments[value(wheel(seeds(nonce), { segments: 50, risk: 'high' })).segment]! += 1;
    expect(Math.min(...segments)).toBeGreaterThan(300);
    expect(Math.max(...segments)).toBeLessThan(500);
    const ranks = new Array<number>(15).fill(0);
    for (let nonce = 0; nonce < 2000; nonce++)
      for (const card of value(cards(seeds(nonce), { count: 13 })).cards) ranks[card.rank]! += 1;
    expect(ranks.slice(2).every((n) => n > 1700 && n < 2300)).toBe(true);
  });

  // P(point < 1.01) = 1 − 0.99 / 1.01 ≈ 1.98 %: the 1 % edge below 1x plus the 1.00–1.01 band.
  it('instant crash ends at 1.00x about 1.98 % of the time and reaches 2x about 49.5 %', () => {
    let busts = 0;
    let doubles = 0;
    for (let nonce = 0; nonce < 50_000; nonce++) {
      const point = value(instantCrash(seeds(nonce))).multiplierHundredths;
      if (point === 100) busts++;
      if (point >= 200) doubles++;
    }
    expect(Math.abs(busts / 50_000 - 0.0198)).toBeLessThan(0.003);
    expect(Math.abs(doubles / 50_000 - 0.495)).toBeLessThan(0.01);
  });

  it('tower levels hold the right number of distinct safe columns', () => {
    const levels = value(tower(seeds(3), { difficulty: 'medium' })).levels;
    expect(levels).toHaveLength(9);
    for (const safe of levels) {
      expect(new Set(safe).size).toBe(2);
      expect(safe.every((column) => column >= 0 && column < 3)).toBe(true);
    }
  });
});

describe('payout tables', () => {
  it('every wheel table returns exactly 99 %', () => {
    for (const segments of WHEEL_SEGMENTS) {
      for (const risk of WHEEL_RISKS) {
        const table = wheelTable(segments, risk)!;
        expect(table).toHaveLength(segments);
        expect(table.reduce((a, b) => a + b, 0)).toBe(99 * segments);
      }
    }
  });

  it('every plinko table is symmetric and returns 98.9–99.3 %', () => {
    for (let rows = 8; rows <= 16; rows++) {
      for (const risk of PLINKO_RISKS) {
        const table = plinkoTable(rows, risk)!;
        expect(table).toEqual([...table].reverse());
        const rtp = table.reduce((sum, m, slot) => sum + (m / 100) * (binomial(rows, slot) / 2 ** rows), 0);
        expect(rtp).toBeGreaterThan(0.989);
        expect(rtp).toBeLessThan(0.993);
      }
    }
    expect(plinkoTable(16, 'high')).toEqual([
      100000, 13000, 2600, 900, 400, 200, 20, 20, 20, 20, 20, 200, 400, 900, 2600, 13000, 100000,
    ]);
  });

  it('mines and tower multipliers are 0.99 over the survival probability, floored to hundredths', () => {
    expect(value(minesMultiplierHundredths(1, 1))).toBe(103); // 0.99 × 25/24 = 1.03125
    expect(value(minesMultiplierHundredths(3, 0))).toBe(99);
    expect(value(minesMultiplierHundredths(24, 1))).toBe(2475);
    expect(value(minesMultiplierHundredths(1, 24))).toBe(2475);
    expect(value(towerMultiplierHundredths('hard', 1))).toBe(198);
    expect(value(towerMultiplierHundredths('master', 9))).toBe(99 * 4 ** 9);
    expect(value(towerMultiplierHundredths('easy', 2))).toBe(176); // 0.99 × 16/9 = 1.76
    expect(minesMultiplierHundredths(25, 1)).toEqual({ ok: false, code: 'INVALID_MINES' });
    expect(minesMultiplierHundredths(3, 23)).toEqual({ ok: false, code: 'INVALID_REVEALED' });
  });
});
