import { RANK_LETTERS, rankName, rankOf } from '../cards.ts';
import { CARD_TABLE_MAX_MINOR, CARD_TABLE_MIN_MINOR, points } from '../limits.ts';
import { Shoe } from '../shoe.ts';
import { withDealing } from '../timings.ts';
import type { MarketDef, TableGame, TableOutcome } from '../types.ts';

const RANKS = [...RANK_LETTERS].map((_, index) => index + 2);
const label = (rank: number) => (rank === 14 ? 'A' : rankName(rank));

/**
 * 3 Cards Judgement (docs/decisions/0151): three cards from a fresh deck. For each rank, "Yes" wins when
 * at least one of the three is of that rank (P = 1 − C(48,3)/C(52,3) ≈ 21.7 %), "No" when none is.
 */
const MARKETS: readonly MarketDef[] = RANKS.flatMap((rank) => [
  {
    id: `yes-${label(rank)}`,
    name: `${label(rank)} Yes`,
    oddsHundredths: 445,
    maxStakeMinor: points(25_000),
  },
  { id: `no-${label(rank)}`, name: `${label(rank)} No`, oddsHundredths: 124 },
]);

export const threeCardJudgement: TableGame = {
  id: '3-card-judgement',
  name: '3 Cards Judgement',
  category: '3 Card Judgement',
  minStakeMinor: CARD_TABLE_MIN_MINOR,
  maxStakeMinor: CARD_TABLE_MAX_MINOR,
  markets: MARKETS,
  timings: withDealing(3_000),
  deal(source): TableOutcome {
    const shoe = new Shoe(source, { decks: 1 });
    const cards = [shoe.card(), shoe.card(), shoe.card()];
    const present = new Set(cards.map(rankOf));
    const winningMarkets = RANKS.map((rank) => `${present.has(rank) ? 'yes' : 'no'}-${label(rank)}`);
    const winner = [...present]
      .sort((a, b) => a - b)
      .map(label)
      .join(' ');
    return { hands: [{ name: 'Cards', cards }], winner, winningMarkets, refunds: {} };
  },
};
