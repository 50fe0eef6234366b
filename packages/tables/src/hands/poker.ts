import { rankOf, suitOf } from '../cards.ts';

export const POKER_HANDS = [
  'High Card',
  'Pair',
  'Two Pair',
  'Three of a Kind',
  'Straight',
  'Flush',
  'Full House',
  'Four of a Kind',
  'Straight Flush',
] as const;
export type PokerHand = (typeof POKER_HANDS)[number];

const BASE = 15;

/** Five cards as one comparable number: category first, then the ranks that break ties, high first. */
export function fiveCardScore(cards: readonly string[]): number {
  const ranks = cards.map(rankOf).sort((a, b) => b - a);
  const counts = new Map<number, number>();
  for (const rank of ranks) counts.set(rank, (counts.get(rank) ?? 0) + 1);
  // Ranks ordered by how often they appear, then by rank: the tie-break order of every category.
  const groups = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const ordered = groups.map(([rank]) => rank);
  const flush = cards.every((card) => suitOf(card) === suitOf(cards[0]!));
  const straightHigh = straightTop(ordered);
  const shape = groups.map(([, count]) => count).join('');
  let category: number;
  let tiebreak = ordered;
  if (straightHigh > 0) {
    category = flush ? 8 : 4;
    tiebreak = [straightHigh];
  } else if (shape === '41') category = 7;
  else if (shape === '32') category = 6;
  else if (flush) category = 5;
  else if (shape === '311') category = 3;
  else if (shape === '221') category = 2;
  else if (shape === '2111') category = 1;
  else category = 0;
  return tiebreak.reduce((score, rank) => score * BASE + rank, category) * BASE ** (5 - tiebreak.length);
}

/** The straight's top card (5 for the wheel A-2-3-4-5), or 0. */
function straightTop(distinctDescending: readonly number[]): number {
  if (distinctDescending.length !== 5) return 0;
  const [first, , , , last] = distinctDescending as [number, number, number, number, number];
  if (first - last === 4) return first;
  const wheel = [14, 5, 4, 3, 2];
  return distinctDescending.every((rank, index) => rank === wheel[index]) ? 5 : 0;
}

export const categoryOf = (score: number): PokerHand => POKER_HANDS[Math.floor(score / BASE ** 5)]!;

/** The best five of seven cards (all 21 choices). */
export function bestOfSeven(cards: readonly string[]): { score: number; hand: PokerHand } {
  let best = -1;
  for (let skipA = 0; skipA < cards.length; skipA++) {
    for (let skipB = skipA + 1; skipB < cards.length; skipB++) {
      const five = cards.filter((_, index) => index !== skipA && index !== skipB);
      best = Math.max(best, fiveCardScore(five));
    }
  }
  return { score: best, hand: categoryOf(best) };
}
