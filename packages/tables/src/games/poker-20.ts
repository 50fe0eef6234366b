import { bestOfSeven } from '../hands/poker.ts';
import { CARD_TABLE_MAX_MINOR, CARD_TABLE_MIN_MINOR } from '../limits.ts';
import { Shoe } from '../shoe.ts';
import { withDealing } from '../timings.ts';
import type { TableGame, TableOutcome } from '../types.ts';

/**
 * Poker 20-20 (docs/decisions/0151): Texas Hold'em heads-up from a fresh deck. Two hole cards to
 * Player A, two to Player B (alternately), five board cards; each plays the best five of its seven.
 * Each side pays 0.98 to 1; a split pot returns both stakes.
 */
export const poker20: TableGame = {
  id: 'poker-20',
  name: 'Poker 20-20',
  category: 'Poker',
  minStakeMinor: CARD_TABLE_MIN_MINOR,
  maxStakeMinor: CARD_TABLE_MAX_MINOR,
  markets: [
    { id: 'player-a', name: 'Player A', oddsHundredths: 198 },
    { id: 'player-b', name: 'Player B', oddsHundredths: 198 },
  ],
  timings: withDealing(5_000),
  deal(source): TableOutcome {
    const shoe = new Shoe(source, { decks: 1 });
    const a: string[] = [];
    const b: string[] = [];
    for (let i = 0; i < 2; i++) {
      a.push(shoe.card());
      b.push(shoe.card());
    }
    const board = Array.from({ length: 5 }, () => shoe.card());
    const bestA = bestOfSeven([...a, ...board]);
    const bestB = bestOfSeven([...b, ...board]);
    const hands = [
      { name: 'Player A', cards: a },
      { name: 'Player B', cards: b },
      { name: 'Board', cards: board },
    ];
    if (bestA.score === bestB.score) {
      return {
        hands,
        winner: `Split (${bestA.hand})`,
        winningMarkets: [],
        refunds: { 'player-a': 100, 'player-b': 100 },
      };
    }
    const aWins = bestA.score > bestB.score;
    return {
      hands,
      winner: `${aWins ? 'Player A' : 'Player B'} (${aWins ? bestA.hand : bestB.hand})`,
      winningMarkets: [aWins ? 'player-a' : 'player-b'],
      refunds: {},
    };
  },
};
