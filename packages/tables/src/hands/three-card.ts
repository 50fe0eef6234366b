import { rankOf, suitOf } from '../cards.ts';

export const TEEN_PATTI_HANDS = [
  'High Card',
  'Pair',
  'Colour',
  'Sequence',
  'Pure Sequence',
  'Trail',
] as const;
export type TeenPattiHand = (typeof TEEN_PATTI_HANDS)[number];

/**
 * A Teen Patti hand as one comparable number (higher wins): Trail > Pure Sequence > Sequence > Colour >
 * Pair > High Card. Sequences rank A-K-Q first, A-2-3 second, then K-Q-J down to 4-3-2; suits never
 * break a tie.
 */
export function teenPattiScore(cards: readonly string[]): { score: number; hand: TeenPattiHand } {
  const ranks = cards.map(rankOf).sort((a, b) => b - a);
  const [high, middle, low] = ranks as [number, number, number];
  const flush = cards.every((card) => suitOf(card) === suitOf(cards[0]!));
  const sequence = sequenceValue(high, middle, low);
  const kickers = high * 225 + middle * 15 + low;
  if (high === low) return scored(5, high, 'Trail');
  if (sequence > 0) return flush ? scored(4, sequence, 'Pure Sequence') : scored(3, sequence, 'Sequence');
  if (flush) return scored(2, kickers, 'Colour');
  if (high === middle) return scored(1, high * 15 + low, 'Pair');
  if (middle === low) return scored(1, middle * 15 + high, 'Pair');
  return scored(0, kickers, 'High Card');
}

const scored = (category: number, within: number, hand: TeenPattiHand) => ({
  score: category * 10_000 + within,
  hand,
});

/** 0 when not a sequence; A-K-Q = 15, A-2-3 = 14, K-Q-J = 13 … 4-3-2 = 4. */
function sequenceValue(high: number, middle: number, low: number): number {
  if (high === 14 && middle === 3 && low === 2) return 14;
  if (high - middle !== 1 || middle - low !== 1) return 0;
  return high === 14 ? 15 : high;
}
