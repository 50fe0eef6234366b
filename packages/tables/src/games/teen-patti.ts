import { teenPattiScore } from '../hands/three-card.ts';
import { CARD_TABLE_MAX_MINOR, CARD_TABLE_MIN_MINOR } from '../limits.ts';
import { Shoe } from '../shoe.ts';
import { withDealing } from '../timings.ts';
import type { TableGame, TableOutcome } from '../types.ts';

/**
 * Teen Patti 20-20 (docs/decisions/0151): three cards each to Player A and Player B, dealt alternately
 * from a fresh deck; the better Teen Patti hand wins (hands/three-card.ts). Each side pays 0.98 to 1; an
 * exact tie returns both stakes.
 */
export const teenPatti20: TableGame = {
  id: 'teen-patti-20',
  name: 'Teen Patti 20-20',
  category: 'Teenpati',
  minStakeMinor: CARD_TABLE_MIN_MINOR,
  maxStakeMinor: CARD_TABLE_MAX_MINOR,
  markets: [
    { id: 'player-a', name: 'Player A', oddsHundredths: 198 },
    { id: 'player-b', name: 'Player B', oddsHundredths: 198 },
  ],
  timings: withDealing(4_000),
  deal(source): TableOutcome {
    const shoe = new Shoe(source, { decks: 1 });
    const a: string[] = [];
    const b: string[] = [];
    for (let i = 0; i < 3; i++) {
      a.push(shoe.card());
      b.push(shoe.card());
    }
    const scoreA = teenPattiScore(a);
    const scoreB = teenPattiScore(b);
    const hands = [
      { name: 'Player A', cards: a },
      { name: 'Player B', cards: b },
    ];
    if (scoreA.score === scoreB.score) {
      return { hands, winner: 'Tie', winningMarkets: [], refunds: { 'player-a': 100, 'player-b': 100 } };
    }
    const aWins = scoreA.score > scoreB.score;
    const hand = aWins ? scoreA.hand : scoreB.hand;
    return {
      hands,
      winner: `${aWins ? 'Player A' : 'Player B'} (${hand})`,
      winningMarkets: [aWins ? 'player-a' : 'player-b'],
      refunds: {},
    };
  },
};
