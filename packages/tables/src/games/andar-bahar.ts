import { rankName, rankOf } from '../cards.ts';
import { CARD_TABLE_MAX_MINOR, CARD_TABLE_MIN_MINOR } from '../limits.ts';
import { Shoe } from '../shoe.ts';
import { withDealing } from '../timings.ts';
import type { TableGame, TableOutcome } from '../types.ts';

/**
 * Andar Bahar (docs/decisions/0151): the Joker is turned from a fresh deck, then cards go to Andar and
 * Bahar in turn, Andar first, until one matches the Joker's rank; that side wins. Andar, dealt first,
 * wins slightly more often, so it pays 0.90 to 1 and Bahar 1 to 1. Three cards of the rank are left in
 * 51, so a match always comes.
 */
export const andarBahar: TableGame = {
  id: 'andar-bahar',
  name: 'Andar Bahar',
  category: 'AnderBahar',
  minStakeMinor: CARD_TABLE_MIN_MINOR,
  maxStakeMinor: CARD_TABLE_MAX_MINOR,
  markets: [
    { id: 'andar', name: 'Andar', oddsHundredths: 190 },
    { id: 'bahar', name: 'Bahar', oddsHundredths: 200 },
  ],
  timings: withDealing(6_000),
  deal(source): TableOutcome {
    const shoe = new Shoe(source, { decks: 1 });
    const joker = shoe.card();
    const andar: string[] = [];
    const bahar: string[] = [];
    for (let turn = 0; ; turn++) {
      const card = shoe.card();
      const side = turn % 2 === 0 ? andar : bahar;
      side.push(card);
      if (rankOf(card) !== rankOf(joker)) continue;
      const winner = side === andar ? 'Andar' : 'Bahar';
      return {
        hands: [
          { name: 'Joker', cards: [joker] },
          { name: 'Andar', cards: andar },
          { name: 'Bahar', cards: bahar },
        ],
        winner: `${winner} (${rankName(rankOf(joker))})`,
        winningMarkets: [winner.toLowerCase()],
        refunds: {},
      };
    }
  },
};
