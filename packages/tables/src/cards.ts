import { CARD_ORDER } from '@backlay/fair';

/**
 * Cards are the fair package's codes: rank then suit letter, T for ten ("TD", "QS", "AC"). Index i of
 * the published 52-card order has rank 2 + ⌊i / 4⌋ (ace high = 14) and suit "DHSC"[i mod 4].
 */
export const RANK_LETTERS = '23456789TJQKA';
export const SUIT_LETTERS = 'DHSC';

export const cardCode = (index: number): string => CARD_ORDER[index % 52]!;

/** 2..14, ace high. */
export const rankOf = (code: string): number => RANK_LETTERS.indexOf(code[0]!) + 2;

/** 1..13 with the ace low (A = 1, J = 11, Q = 12, K = 13), as Dragon Tiger and Lucky 7 count. */
export const aceLowRank = (code: string): number => {
  const rank = rankOf(code);
  return rank === 14 ? 1 : rank;
};

export const suitOf = (code: string): string => code[1]!;

/** Hearts and diamonds are red. */
export const isRed = (code: string): boolean => code[1] === 'H' || code[1] === 'D';

/** Spoken names for results: 7 → "7", 11 → "J", 14 → "A". */
export const rankName = (rank: number): string => {
  if (rank === 10) return '10';
  return RANK_LETTERS[rank - 2] ?? (rank === 1 ? 'A' : String(rank));
};
