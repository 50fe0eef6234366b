import { aceLowRank, isRed } from '../cards.ts';
import { CARD_TABLE_MAX_MINOR, CARD_TABLE_MIN_MINOR, points } from '../limits.ts';
import { Shoe } from '../shoe.ts';
import { withDealing } from '../timings.ts';
import type { TableGame, TableOutcome } from '../types.ts';

/**
 * Lucky 7 (docs/decisions/0151): one card from a fresh deck, ace low. Low Card is A–6, High Card 8–K;
 * a 7 makes both lose and pays Lucky 7. Even and Odd go by the card's number (A = 1, J = 11, Q = 12,
 * K = 13), Red and Black by its suit.
 */
export const lucky7: TableGame = {
  id: 'lucky-7',
  name: 'Lucky 7',
  category: 'Lucky 7',
  minStakeMinor: CARD_TABLE_MIN_MINOR,
  maxStakeMinor: CARD_TABLE_MAX_MINOR,
  markets: [
    { id: 'low', name: 'Low Card', oddsHundredths: 200 },
    { id: 'high', name: 'High Card', oddsHundredths: 200 },
    { id: 'seven', name: 'Lucky 7', oddsHundredths: 1200, maxStakeMinor: points(10_000) },
    { id: 'even', name: 'Even', oddsHundredths: 210 },
    { id: 'odd', name: 'Odd', oddsHundredths: 179 },
    { id: 'red', name: 'Red', oddsHundredths: 197 },
    { id: 'black', name: 'Black', oddsHundredths: 197 },
  ],
  timings: withDealing(2_000),
  deal(source): TableOutcome {
    const card = new Shoe(source, { decks: 1 }).card();
    const rank = aceLowRank(card);
    const side = rank < 7 ? 'low' : rank > 7 ? 'high' : 'seven';
    const winningMarkets = [side, rank % 2 === 0 ? 'even' : 'odd', isRed(card) ? 'red' : 'black'];
    const winner = side === 'low' ? 'Low Card' : side === 'high' ? 'High Card' : 'Lucky 7';
    return { hands: [{ name: 'Card', cards: [card] }], winner, winningMarkets, refunds: {} };
  },
};
