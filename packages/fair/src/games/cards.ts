import { checkSeeds, OutcomeStream, type Seeds } from '../stream.ts';
import { err, ok, type Result } from '../result.ts';

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'] as const;
const SUITS = ['D', 'H', 'S', 'C'] as const;

/**
 * The published 52-card index: ♦2, ♥2, ♠2, ♣2, ♦3, … ♣A — rank-major from 2 to ace, suits in the order
 * diamonds, hearts, spades, clubs. Codes are rank + suit letter with T for ten (`TD`, `QD`, `AC`).
 */
export const CARD_ORDER: readonly string[] = RANKS.flatMap((rank) => SUITS.map((suit) => rank + suit));

export type Card = {
  /** Index 0..51 into CARD_ORDER. */
  readonly index: number;
  readonly code: string;
  /** 2..14 (ace high), for Hi-Lo comparisons. */
  readonly rank: number;
};

export const MAX_CARDS = 52;

/** Cards from an unlimited deck: each card is CARD_ORDER[floor(float × 52)] (Hi-Lo, blackjack, baccarat). */
export function cards(
  seeds: Seeds,
  params: { readonly count: number } = { count: MAX_CARDS },
): Result<{
  readonly cards: readonly Card[];
}> {
  const checked = checkSeeds(seeds);
  if (!checked.ok) return checked;
  if (!Number.isInteger(params.count) || params.count < 1 || params.count > MAX_CARDS)
    return err('INVALID_COUNT');
  const stream = new OutcomeStream(seeds);
  const dealt: Card[] = [];
  for (let i = 0; i < params.count; i++) {
    const index = Math.floor(stream.nextFloat() * 52);
    dealt.push({ index, code: CARD_ORDER[index]!, rank: 2 + (index >> 2) });
  }
  return ok({ cards: dealt });
}

/** Hi-Lo draws the same card sequence. */
export const hilo = cards;
