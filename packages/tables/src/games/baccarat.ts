import { rankOf } from '../cards.ts';
import { CARD_TABLE_MAX_MINOR, CARD_TABLE_MIN_MINOR, points } from '../limits.ts';
import { Shoe } from '../shoe.ts';
import { withDealing } from '../timings.ts';
import type { TableGame, TableOutcome } from '../types.ts';

/** Baccarat points: ace 1, 2–9 face value, tens and pictures 0. */
export const baccaratValue = (card: string): number => {
  const rank = rankOf(card);
  if (rank === 14) return 1;
  return rank >= 10 ? 0 : rank;
};

const total = (cards: readonly string[]) => cards.reduce((sum, card) => sum + baccaratValue(card), 0) % 10;

/** The Banker's third-card rule given its total and the Player's third card (punto banco tableau). */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  if (bankerTotal <= 2) return true;
  if (bankerTotal === 3) return playerThird !== 8;
  if (bankerTotal === 4) return playerThird >= 2 && playerThird <= 7;
  if (bankerTotal === 5) return playerThird >= 4 && playerThird <= 7;
  if (bankerTotal === 6) return playerThird === 6 || playerThird === 7;
  return false;
}

/**
 * Baccarat, punto banco (docs/decisions/0151), from a fresh eight-deck shoe dealt Player, Banker,
 * Player, Banker. A natural 8 or 9 stands; otherwise the Player draws on 0–5 and the Banker follows the
 * tableau. Player pays 1 to 1, Banker 0.95 to 1, Tie 8 to 1 (Player and Banker bets are returned on a
 * tie), Player Pair and Banker Pair (first two cards of one rank) 11 to 1.
 */
export const baccarat: TableGame = {
  id: 'baccarat',
  name: 'Baccarat',
  category: 'Baccarat',
  minStakeMinor: CARD_TABLE_MIN_MINOR,
  maxStakeMinor: CARD_TABLE_MAX_MINOR,
  markets: [
    { id: 'player', name: 'Player', oddsHundredths: 200 },
    { id: 'banker', name: 'Banker', oddsHundredths: 195 },
    { id: 'tie', name: 'Tie', oddsHundredths: 900, maxStakeMinor: points(10_000) },
    { id: 'player-pair', name: 'Player Pair', oddsHundredths: 1200, maxStakeMinor: points(5_000) },
    { id: 'banker-pair', name: 'Banker Pair', oddsHundredths: 1200, maxStakeMinor: points(5_000) },
  ],
  timings: withDealing(5_000),
  deal(source): TableOutcome {
    const shoe = new Shoe(source, { decks: 8 });
    const player = [shoe.card()];
    const banker = [shoe.card()];
    player.push(shoe.card());
    banker.push(shoe.card());
    if (total(player) < 8 && total(banker) < 8) {
      let playerThird: number | null = null;
      if (total(player) <= 5) {
        const card = shoe.card();
        player.push(card);
        playerThird = baccaratValue(card);
      }
      if (bankerDraws(total(banker), playerThird)) banker.push(shoe.card());
    }
    const winningMarkets: string[] = [];
    if (rankOf(player[0]!) === rankOf(player[1]!)) winningMarkets.push('player-pair');
    if (rankOf(banker[0]!) === rankOf(banker[1]!)) winningMarkets.push('banker-pair');
    const [p, b] = [total(player), total(banker)];
    const side = p > b ? 'player' : p < b ? 'banker' : 'tie';
    const hands = [
      { name: 'Player', cards: player },
      { name: 'Banker', cards: banker },
    ];
    const winner = side === 'tie' ? `Tie (${p})` : `${side === 'player' ? 'Player' : 'Banker'} (${p}-${b})`;
    const refunds: Record<string, number> = side === 'tie' ? { player: 100, banker: 100 } : {};
    return { hands, winner, winningMarkets: [side, ...winningMarkets], refunds };
  },
};
