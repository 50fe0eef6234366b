/**
 * Plinko multipliers in hundredths, left half including the middle slot; the right half mirrors it.
 * Source and cross-checks: docs/decisions/0100-provably-fair-scheme.md.
 */
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

type HalfRows = Readonly<Record<PlinkoRisk, readonly number[]>>;

const HALVES: Readonly<Record<number, HalfRows>> = {
  8: { low: [560, 210, 110, 100, 50], medium: [1300, 300, 130, 70, 40], high: [2900, 400, 150, 30, 20] },
  9: { low: [560, 200, 160, 100, 70], medium: [1800, 400, 170, 90, 50], high: [4300, 700, 200, 60, 20] },
  10: {
    low: [890, 300, 140, 110, 100, 50],
    medium: [2200, 500, 200, 140, 60, 40],
    high: [7600, 1000, 300, 90, 30, 20],
  },
  11: {
    low: [840, 300, 190, 130, 100, 70],
    medium: [2400, 600, 300, 180, 70, 50],
    high: [12000, 1400, 520, 140, 40, 20],
  },
  12: {
    low: [1000, 300, 160, 140, 110, 100, 50],
    medium: [3300, 1100, 400, 200, 110, 60, 30],
    high: [17000, 2400, 810, 200, 70, 20, 20],
  },
  13: {
    low: [810, 400, 300, 190, 120, 90, 70],
    medium: [4300, 1300, 600, 300, 130, 70, 40],
    high: [26000, 3700, 1100, 400, 100, 20, 20],
  },
  14: {
    low: [710, 400, 190, 140, 130, 110, 100, 50],
    medium: [5800, 1500, 700, 400, 190, 100, 50, 20],
    high: [42000, 5600, 1800, 500, 190, 30, 20, 20],
  },
  15: {
    low: [1500, 800, 300, 200, 150, 110, 100, 70],
    medium: [8800, 1800, 1100, 500, 300, 130, 50, 30],
    high: [62000, 8300, 2700, 800, 300, 50, 20, 20],
  },
  16: {
    low: [1600, 900, 200, 140, 140, 120, 110, 100, 50],
    medium: [11000, 4100, 1000, 500, 300, 150, 100, 50, 30],
    high: [100000, 13000, 2600, 900, 400, 200, 20, 20, 20],
  },
};

/** Full table for `rows` (slot k = number of R moves, 0..rows), or undefined for rows outside 8..16. */
export function plinkoTable(rows: number, risk: PlinkoRisk): readonly number[] | undefined {
  const half = HALVES[rows]?.[risk];
  if (half === undefined) return undefined;
  return Array.from({ length: rows + 1 }, (_, slot) => half[Math.min(slot, rows - slot)]!);
}
