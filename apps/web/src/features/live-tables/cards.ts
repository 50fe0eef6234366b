/**
 * Card codes as the server deals them: rank then suit, `TD` is the ten of diamonds, `AS` the ace of
 * spades. Faces are drawn from these with CSS, so the page needs no card artwork.
 */
export type Suit = 'S' | 'H' | 'D' | 'C';

export interface CardFace {
  rank: string;
  suit: Suit;
  symbol: string;
  red: boolean;
  /** What a screen reader says: "10 of Diamonds". */
  label: string;
}

const SUITS: Record<Suit, { symbol: string; name: string; red: boolean }> = {
  S: { symbol: '♠', name: 'Spades', red: false },
  H: { symbol: '♥', name: 'Hearts', red: true },
  D: { symbol: '♦', name: 'Diamonds', red: true },
  C: { symbol: '♣', name: 'Clubs', red: false },
};

const RANKS: Record<string, { short: string; name: string }> = {
  A: { short: 'A', name: 'Ace' },
  K: { short: 'K', name: 'King' },
  Q: { short: 'Q', name: 'Queen' },
  J: { short: 'J', name: 'Jack' },
  T: { short: '10', name: '10' },
};

/** The face of a card code; null for anything that is not one (the card is then shown as sent). */
export function cardFace(code: string): CardFace | null {
  const match = /^([2-9TJQKA]|10)([SHDC])$/.exec(code.trim().toUpperCase());
  if (!match) return null;
  const [, rawRank = '', rawSuit = ''] = match;
  const suit = SUITS[rawSuit as Suit];
  const rank = RANKS[rawRank] ?? { short: rawRank, name: rawRank };
  return {
    rank: rank.short,
    suit: rawSuit as Suit,
    symbol: suit.symbol,
    red: suit.red,
    label: `${rank.name} of ${suit.name}`,
  };
}
