/** Card indices follow the fair package's order: rank 2 + (index >> 2) (ace 14), suit index & 3. */
const rankOf = (index: number) => 2 + (index >> 2);
const suitOf = (index: number) => index & 3;

/** Compares two scores lexicographically: positive when `a` is the better hand. */
export function compareScores(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Ranks grouped by how often they occur, most frequent first, then highest first. */
function groups(ranks: readonly number[]): { rank: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const rank of ranks) counts.set(rank, (counts.get(rank) ?? 0) + 1);
  return [...counts]
    .map(([rank, count]) => ({ rank, count }))
    .sort((a, b) => b.count - a.count || b.rank - a.rank);
}

/** The top rank of a straight (ace may play low), or 0. */
function straightTop(ranks: readonly number[]): number {
  const distinct = [...new Set(ranks)].sort((a, b) => b - a);
  if (distinct.length !== ranks.length) return 0;
  if (distinct[0]! - distinct[distinct.length - 1]! === ranks.length - 1) return distinct[0]!;
  const low = distinct.map((rank) => (rank === 14 ? 1 : rank)).sort((a, b) => b - a);
  return low[0]! - low[low.length - 1]! === ranks.length - 1 ? low[0]! : 0;
}

/**
 * What both rankings read from a hand: one suit, a straight's top rank, the rank groups, and the
 * ranks ordered by group (the tie-break that follows the hand's class in a score).
 */
function featuresOf(hand: readonly number[]) {
  const ranks = hand.map(rankOf);
  const grouped = groups(ranks);
  return {
    flush: new Set(hand.map(suitOf)).size === 1,
    top: straightTop(ranks),
    grouped,
    tail: grouped.flatMap((group) => Array<number>(group.count).fill(group.rank)),
  };
}

export const THREE_CARD_NAMES = ['High card', 'Pair', 'Colour', 'Sequence', 'Pure sequence', 'Trail'];
export const FIVE_CARD_NAMES = [
  'High card',
  'Pair',
  'Two pair',
  'Three of a kind',
  'Straight',
  'Flush',
  'Full house',
  'Four of a kind',
  'Straight flush',
];

/** Teen Patti / three-card poker: trail > pure sequence > sequence > colour > pair > high card. */
export function threeCardScore(hand: readonly number[]): number[] {
  const { flush, top, grouped, tail } = featuresOf(hand);
  if (grouped[0]!.count === 3) return [5, ...tail];
  if (top > 0) return [flush ? 4 : 3, top];
  if (flush) return [2, ...tail];
  if (grouped[0]!.count === 2) return [1, ...tail];
  return [0, ...tail];
}

/** Five-card poker ranking; with an unlimited deck five of a rank counts as four of a kind. */
export function fiveCardScore(hand: readonly number[]): number[] {
  const { flush, top, grouped, tail } = featuresOf(hand);
  const [first, second] = [grouped[0]!.count, grouped[1]?.count ?? 0];
  if (top > 0 && flush) return [8, top];
  if (first >= 4) return [7, ...tail];
  if (first === 3 && second === 2) return [6, ...tail];
  if (flush) return [5, ...tail];
  if (top > 0) return [4, top];
  if (first === 3) return [3, ...tail];
  if (first === 2 && second === 2) return [2, ...tail];
  if (first === 2) return [1, ...tail];
  return [0, ...tail];
}
