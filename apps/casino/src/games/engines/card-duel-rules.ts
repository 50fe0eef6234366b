import {
  fiveCardScore,
  threeCardScore,
  compareScores,
  FIVE_CARD_NAMES,
  THREE_CARD_NAMES,
} from './poker-hands.ts';

export type CardDuelVariant = 'baccarat' | 'dragon-tiger' | 'teen-patti' | 'andar-bahar' | 'poker';
export type CardDuelConfig = { readonly variant: CardDuelVariant; readonly handSize: 3 | 5 };

/** A side to back, what a win pays, and what it returns when the hand ties or voids. */
export type DuelSide = {
  readonly id: string;
  readonly label: string;
  readonly winHundredths: number;
  readonly tieHundredths: number;
};

/** Who won: one of the side ids, or `tie` (also used when no card matched in Andar Bahar). */
export type Duel = {
  readonly winner: string;
  readonly hands: Record<string, readonly number[]>;
  readonly detail: Record<string, string | number>;
};

export const DUEL_SIDES: Readonly<Record<CardDuelVariant, readonly DuelSide[]>> = {
  baccarat: [
    { id: 'player', label: 'Player', winHundredths: 200, tieHundredths: 100 },
    { id: 'banker', label: 'Banker', winHundredths: 195, tieHundredths: 100 },
    { id: 'tie', label: 'Tie', winHundredths: 900, tieHundredths: 900 },
  ],
  'dragon-tiger': [
    { id: 'dragon', label: 'Dragon', winHundredths: 200, tieHundredths: 50 },
    { id: 'tiger', label: 'Tiger', winHundredths: 200, tieHundredths: 50 },
    // A tie is one card in 13: 11 to 1 (12x) returns 92.3 %, as Dragon Tiger tables pay.
    { id: 'tie', label: 'Tie', winHundredths: 1200, tieHundredths: 1200 },
  ],
  'teen-patti': [
    { id: 'a', label: 'Player A', winHundredths: 198, tieHundredths: 100 },
    { id: 'b', label: 'Player B', winHundredths: 198, tieHundredths: 100 },
  ],
  'andar-bahar': [
    { id: 'andar', label: 'Andar', winHundredths: 190, tieHundredths: 100 },
    { id: 'bahar', label: 'Bahar', winHundredths: 200, tieHundredths: 100 },
  ],
  poker: [
    { id: 'player', label: 'Player', winHundredths: 198, tieHundredths: 100 },
    { id: 'dealer', label: 'Dealer', winHundredths: 198, tieHundredths: 100 },
  ],
};

const rankOf = (index: number) => 2 + (index >> 2);
const baccaratValue = (index: number) => (rankOf(index) === 14 ? 1 : rankOf(index) >= 10 ? 0 : rankOf(index));
const baccaratTotal = (hand: readonly number[]) =>
  hand.reduce((sum, index) => sum + baccaratValue(index), 0) % 10;

/** Punto banco third-card rules, dealt player, banker, player, banker, then third cards in turn. */
function baccarat(deck: readonly number[]): Duel {
  const player = [deck[0]!, deck[2]!];
  const banker = [deck[1]!, deck[3]!];
  let next = 4;
  const natural = baccaratTotal(player) >= 8 || baccaratTotal(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (baccaratTotal(player) <= 5) {
      playerThird = baccaratValue(deck[next]!);
      player.push(deck[next++]!);
    }
    if (bankerDraws(baccaratTotal(banker), playerThird)) banker.push(deck[next++]!);
  }
  const [p, b] = [baccaratTotal(player), baccaratTotal(banker)];
  return {
    winner: p > b ? 'player' : b > p ? 'banker' : 'tie',
    hands: { player, banker },
    detail: { player: p, banker: b },
  };
}

function bankerDraws(total: number, playerThird: number | null): boolean {
  if (playerThird === null) return total <= 5;
  if (total <= 2) return true;
  if (total === 3) return playerThird !== 8;
  if (total === 4) return playerThird >= 2 && playerThird <= 7;
  if (total === 5) return playerThird >= 4 && playerThird <= 7;
  if (total === 6) return playerThird === 6 || playerThird === 7;
  return false;
}

/** One card each; aces are low in Dragon Tiger. */
function dragonTiger(deck: readonly number[]): Duel {
  const value = (index: number) => (rankOf(index) === 14 ? 1 : rankOf(index));
  const [d, t] = [value(deck[0]!), value(deck[1]!)];
  return {
    winner: d > t ? 'dragon' : t > d ? 'tiger' : 'tie',
    hands: { dragon: [deck[0]!], tiger: [deck[1]!] },
    detail: { dragon: d, tiger: t },
  };
}

/** The joker is the first card; cards then alternate Andar, Bahar… until one matches its rank. */
function andarBahar(deck: readonly number[]): Duel {
  const joker = deck[0]!;
  const andar: number[] = [];
  const bahar: number[] = [];
  for (let i = 1; i < deck.length; i++) {
    const side = i % 2 === 1 ? andar : bahar;
    side.push(deck[i]!);
    if (rankOf(deck[i]!) === rankOf(joker)) {
      return {
        winner: side === andar ? 'andar' : 'bahar',
        hands: { joker: [joker], andar, bahar },
        detail: { cards: i },
      };
    }
  }
  return { winner: 'tie', hands: { joker: [joker], andar, bahar }, detail: { cards: deck.length - 1 } };
}

/** Two hands of `size` cards compared by poker ranking (three cards: Teen Patti order). */
function showdown(deck: readonly number[], size: 3 | 5, sides: readonly [string, string]): Duel {
  const [first, second] = [deck.slice(0, size), deck.slice(size, 2 * size)];
  const score = size === 3 ? threeCardScore : fiveCardScore;
  const names = size === 3 ? THREE_CARD_NAMES : FIVE_CARD_NAMES;
  const [a, b] = [score(first), score(second)];
  const order = compareScores(a, b);
  return {
    winner: order > 0 ? sides[0] : order < 0 ? sides[1] : 'tie',
    hands: { [sides[0]]: first, [sides[1]]: second },
    detail: { [sides[0]]: names[a[0]!]!, [sides[1]]: names[b[0]!]! },
  };
}

export function playDuel(config: CardDuelConfig, deck: readonly number[]): Duel {
  switch (config.variant) {
    case 'baccarat':
      return baccarat(deck);
    case 'dragon-tiger':
      return dragonTiger(deck);
    case 'andar-bahar':
      return andarBahar(deck);
    case 'teen-patti':
      return showdown(deck, 3, ['a', 'b']);
    case 'poker':
      return showdown(deck, config.handSize, ['player', 'dealer']);
  }
}

/** What backing `side` pays for this duel. */
export function duelPayHundredths(config: CardDuelConfig, side: string, duel: Duel): number {
  const backed = DUEL_SIDES[config.variant].find((candidate) => candidate.id === side);
  if (backed === undefined) return 0;
  if (duel.winner === side) return backed.winHundredths;
  return duel.winner === 'tie' ? backed.tieHundredths : 0;
}
