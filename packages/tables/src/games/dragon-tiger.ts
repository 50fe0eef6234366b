import { aceLowRank, suitOf } from '../cards.ts';
import { CARD_TABLE_MAX_MINOR, CARD_TABLE_MIN_MINOR, points } from '../limits.ts';
import { Shoe } from '../shoe.ts';
import { withDealing } from '../timings.ts';
import type { TableGame, TableOutcome } from '../types.ts';

/**
 * Dragon Tiger (docs/decisions/0151): one card to Dragon, one to Tiger from a fresh eight-deck shoe;
 * the higher card wins, ace lowest, king highest, suits do not count. Dragon and Tiger pay even money;
 * on a tie they lose half the stake. Tie pays 11 to 1, Suited Tie (same rank and suit) 50 to 1.
 */
export const dragonTiger: TableGame = {
  id: 'dragon-tiger',
  name: 'Dragon Tiger',
  category: 'DragonTiger',
  minStakeMinor: CARD_TABLE_MIN_MINOR,
  maxStakeMinor: CARD_TABLE_MAX_MINOR,
  markets: [
    { id: 'dragon', name: 'Dragon', oddsHundredths: 200 },
    { id: 'tiger', name: 'Tiger', oddsHundredths: 200 },
    { id: 'tie', name: 'Tie', oddsHundredths: 1200, maxStakeMinor: points(10_000) },
    { id: 'suited-tie', name: 'Suited Tie', oddsHundredths: 5100, maxStakeMinor: points(2_000) },
  ],
  timings: withDealing(2_000),
  deal(source): TableOutcome {
    const shoe = new Shoe(source, { decks: 8 });
    const dragon = shoe.card();
    const tiger = shoe.card();
    const hands = [
      { name: 'Dragon', cards: [dragon] },
      { name: 'Tiger', cards: [tiger] },
    ];
    const dragonRank = aceLowRank(dragon);
    const tigerRank = aceLowRank(tiger);
    if (dragonRank !== tigerRank) {
      const winner = dragonRank > tigerRank ? 'Dragon' : 'Tiger';
      return { hands, winner, winningMarkets: [winner.toLowerCase()], refunds: {} };
    }
    const suited = suitOf(dragon) === suitOf(tiger);
    return {
      hands,
      winner: suited ? 'Suited Tie' : 'Tie',
      winningMarkets: suited ? ['tie', 'suited-tie'] : ['tie'],
      refunds: { dragon: 50, tiger: 50 },
    };
  },
};
