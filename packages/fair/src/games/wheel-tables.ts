/**
 * Wheel multipliers in hundredths by segment count and risk, segment 0 first.
 * Source and cross-checks: docs/decisions/0100-provably-fair-scheme.md.
 */
export const WHEEL_RISKS = ['low', 'medium', 'high'] as const;
export type WheelRisk = (typeof WHEEL_RISKS)[number];
export const WHEEL_SEGMENTS = [10, 20, 30, 40, 50] as const;

// Low risk repeats the same 10-segment block (1.5, 1.2 ×3, 0, 1.2 ×4, 0) for every segment count.
const LOW_BLOCK = [150, 120, 120, 120, 0, 120, 120, 120, 120, 0];

// Medium risk: winning segments alternate with 0x segments; `first` is the index of the first winner.
const MEDIUM: Readonly<Record<number, { first: 0 | 1; winners: readonly number[] }>> = {
  10: { first: 1, winners: [190, 150, 200, 150, 300] },
  20: { first: 0, winners: [150, 200, 200, 200, 150, 300, 180, 200, 200, 200] },
  30: { first: 0, winners: [150, 150, 200, 150, 200, 200, 150, 300, 150, 200, 200, 170, 400, 150, 200] },
  40: {
    first: 0,
    winners: [
      200, 300, 200, 150, 300, 150, 150, 200, 150, 300, 150, 200, 200, 160, 200, 150, 300, 150, 200, 150,
    ],
  },
  50: {
    first: 0,
    winners: [
      200, 150, 200, 150, 300, 150, 150, 200, 150, 300, 150, 200, 150, 200, 200, 150, 300, 150, 200, 150, 150,
      500, 150, 200, 150,
    ],
  },
};

function mediumTable(segments: number): number[] {
  const { first, winners } = MEDIUM[segments]!;
  return Array.from({ length: segments }, (_, i) => (i % 2 === first ? winners[(i - first) / 2]! : 0));
}

/** High risk: a single winning segment, the last, paying 0.99 × segments. */
function highTable(segments: number): number[] {
  return Array.from({ length: segments }, (_, i) => (i === segments - 1 ? 99 * segments : 0));
}

export function wheelTable(segments: number, risk: WheelRisk): readonly number[] | undefined {
  if (!(WHEEL_SEGMENTS as readonly number[]).includes(segments)) return undefined;
  if (risk === 'low') return Array.from({ length: segments }, (_, i) => LOW_BLOCK[i % 10]!);
  if (risk === 'medium') return mediumTable(segments);
  return highTable(segments);
}
