import { describe, expect, it } from 'vitest';
import { PriceLadder } from './price-ladder.ts';

describe('PriceLadder', () => {
  it('lists prices in order either way, a price set in the middle in its place', () => {
    const ladder = new PriceLadder();
    ladder.set(1000, 4);
    ladder.set(101, 2);
    ladder.set(100_000, 1);
    ladder.set(250, 3);
    expect(ladder.entries()).toEqual([
      [1.01, 2],
      [2.5, 3],
      [10, 4],
      [1000, 1],
    ]);
    expect(ladder.entries(-1).map(([price]) => price)).toEqual([1000, 10, 2.5, 1.01]);
    expect(ladder.size).toBe(4);
  });

  it('replaces a size, removes a price once, and holds nothing off the ladder', () => {
    const ladder = new PriceLadder();
    expect(ladder.delete(250)).toBe(false);
    ladder.set(250, 3);
    ladder.set(250, 7);
    ladder.set(1015, 9);
    ladder.set(100_001, 9);
    expect(ladder.entries()).toEqual([[2.5, 7]]);
    expect(ladder.delete(1015)).toBe(false);
    expect(ladder.delete(-1)).toBe(false);
    expect(ladder.delete(250)).toBe(true);
    expect(ladder.delete(250)).toBe(false);
    expect([ladder.size, ladder.entries()]).toEqual([0, []]);
  });
});
