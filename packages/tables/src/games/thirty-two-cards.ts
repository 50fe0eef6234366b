import { rankOf } from '../cards.ts';
import { CARD_TABLE_MAX_MINOR, CARD_TABLE_MIN_MINOR } from '../limits.ts';
import { Shoe } from '../shoe.ts';
import { withDealing } from '../timings.ts';
import type { TableGame, TableOutcome } from '../types.ts';

/** Players and the points they start with. */
const PLAYERS = [8, 9, 10, 11] as const;
/** A 32-card deck: 6, 7, 8, 9, 10, J, Q, K of each suit, worth 6 to 13. */
const RANKS = [6, 7, 8, 9, 10, 11, 12, 13];

/**
 * 32 Cards (docs/decisions/0151): Players 8, 9, 10 and 11 start with those points and each draws one
 * card from a fresh 32-card deck, adding its value (6–13). The highest total wins; players tied for the
 * highest draw again, adding to their totals, until one leads. Odds come from each player's chance
 * (computed exactly in the package's tests).
 */
export const thirtyTwoCards: TableGame = {
  id: '32-cards',
  name: '32 Cards',
  category: '32 Card',
  minStakeMinor: CARD_TABLE_MIN_MINOR,
  maxStakeMinor: CARD_TABLE_MAX_MINOR,
  markets: [
    { id: 'player-8', name: 'Player 8', oddsHundredths: 1220 },
    { id: 'player-9', name: 'Player 9', oddsHundredths: 585 },
    { id: 'player-10', name: 'Player 10', oddsHundredths: 325 },
    { id: 'player-11', name: 'Player 11', oddsHundredths: 206 },
  ],
  timings: withDealing(4_000),
  deal(source): TableOutcome {
    const shoe = new Shoe(source, { decks: 1, ranks: RANKS });
    const cards = new Map<number, string[]>(PLAYERS.map((player) => [player, []]));
    const totals = new Map<number, number>(PLAYERS.map((player) => [player, player]));
    let contenders: number[] = [...PLAYERS];
    while (contenders.length > 1) {
      if (shoe.left < contenders.length) return voidDeal(cards);
      for (const player of contenders) {
        const card = shoe.card();
        cards.get(player)!.push(card);
        totals.set(player, totals.get(player)! + rankOf(card));
      }
      const best = Math.max(...contenders.map((player) => totals.get(player)!));
      contenders = contenders.filter((player) => totals.get(player) === best);
    }
    const winner = contenders[0]!;
    return {
      hands: handsOf(cards),
      winner: `Player ${winner} (${totals.get(winner)})`,
      winningMarkets: [`player-${winner}`],
      refunds: {},
    };
  },
};

const handsOf = (cards: Map<number, string[]>) =>
  PLAYERS.map((player) => ({ name: `Player ${player}`, cards: cards.get(player)! }));

/** The deck ran out with players still tied (never seen in practice): every bet is refunded. */
function voidDeal(cards: Map<number, string[]>): TableOutcome {
  return { hands: handsOf(cards), winner: 'No result', winningMarkets: [], refunds: {}, void: true };
}
