import { describe, expect, it } from 'vitest';
import { slipOutcome } from './outcome.ts';

/** Every table's odds (packages/tables), in hundredths. */
const TABLE_ODDS_HUNDREDTHS = [
  124, 179, 190, 194, 195, 197, 198, 200, 206, 210, 263, 280, 300, 325, 445, 585, 630, 900, 950, 1200, 1220,
  1350, 1900, 2350, 3150, 3600, 5100, 9500,
];

describe('bet slip outcome', () => {
  it('shows a back bet winning stake × (odds − 1), rounded down, risking the stake', () => {
    expect(slipOutcome('BACK', 10_000n, '2.50')).toEqual({ profit: '150.00', liability: '100.00' });
    expect(slipOutcome('BACK', 333n, '1.01')).toEqual({ profit: '0.03', liability: '3.33' });
  });

  it('shows a lay bet winning the stake and risking stake × (odds − 1), rounded up', () => {
    expect(slipOutcome('LAY', 10_000n, '3.05')).toEqual({ profit: '100.00', liability: '205.00' });
    expect(slipOutcome('LAY', 333n, '1.01')).toEqual({ profit: '3.33', liability: '0.04' });
  });

  it('has no outcome without readable odds or stake', () => {
    expect(slipOutcome('BACK', 10_000n, '')).toBeNull();
    expect(slipOutcome('LAY', 0n, '2.00')).toBeNull();
  });

  it("computes a table bet's profit from the table's odds, rounded down", () => {
    const profit = (stakeMinor: bigint, odds: number) => slipOutcome('BACK', stakeMinor, odds)?.profit;
    expect(profit(10_000n, 2)).toBe('100.00');
    expect(profit(10_000n, 12)).toBe('1100.00');
    expect(profit(5_000n, 2.63)).toBe('81.50');
    expect(profit(333n, 1.95)).toBe('3.16');
  });

  it('gives every table the profit its slip showed before, for stakes of every size', () => {
    for (const hundredths of TABLE_ODDS_HUNDREDTHS) {
      const odds = hundredths / 100;
      for (const stakeMinor of [1n, 99n, 333n, 5_000n, 123_457n, 2_500_000n]) {
        // The table slip's former arithmetic: the odds rounded to hundredths, the profit rounded down.
        const before = (stakeMinor * (BigInt(Math.round(odds * 100)) - 100n)) / 100n;
        expect(slipOutcome('BACK', stakeMinor, odds)?.profit).toBe(
          `${before / 100n}.${String(before % 100n).padStart(2, '0')}`,
        );
      }
    }
  });
});
