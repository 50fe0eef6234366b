import { z } from 'zod';
import { OutcomeStream, checkSeeds, type Seeds } from '@backlay/fair';
import { done, fairValue, parseWith, type SingleEngine } from '../engine.ts';
import { asObject } from './plinko.ts';

export type BingoConfig = { readonly maxCards: number };

/** Balls in the drum and balls called per round (75-ball bingo, 30 calls). */
export const BINGO_BALLS = 75;
export const BINGO_CALLS = 30;
const FREE = 12;

/** Pays per card by completed lines (rows, columns, diagonals) after 30 calls: about 96 % (npm run bench:casino-outcomes). */
export const BINGO_PAYS_BY_LINES: readonly number[] = [0, 480, 2000, 10000, 50000];

const LINES: readonly (readonly number[])[] = [
  ...[0, 1, 2, 3, 4].map((row) => [0, 1, 2, 3, 4].map((column) => column * 5 + row)),
  ...[0, 1, 2, 3, 4].map((column) => [0, 1, 2, 3, 4].map((row) => column * 5 + row)),
  [0, 6, 12, 18, 24],
  [4, 8, 12, 16, 20],
];

function drawFrom(stream: OutcomeStream, pool: number[], count: number): number[] {
  return Array.from(
    { length: count },
    () => pool.splice(Math.floor(stream.nextFloat() * pool.length), 1)[0]!,
  );
}

/**
 * Cards first, column by column (B 1–15 … O 61–75, five each; the middle square is free), then the 30
 * calls without replacement — every number from the published byte stream.
 */
export function bingoRound(seeds: Seeds, cardCount: number): { cards: number[][]; calls: number[] } {
  const stream = new OutcomeStream(seeds);
  const cards = Array.from({ length: cardCount }, () =>
    [0, 1, 2, 3, 4]
      .flatMap((column) =>
        drawFrom(
          stream,
          Array.from({ length: 15 }, (_, i) => column * 15 + i + 1),
          5,
        ),
      )
      .map((number, square) => (square === FREE ? 0 : number)),
  );
  const calls = drawFrom(
    stream,
    Array.from({ length: BINGO_BALLS }, (_, i) => i + 1),
    BINGO_CALLS,
  );
  return { cards, calls };
}

export function linesOf(card: readonly number[], calls: readonly number[]): number {
  const called = new Set(calls);
  const marked = card.map((number) => number === 0 || called.has(number));
  return LINES.filter((line) => line.every((square) => marked[square])).length;
}

export const bingoEngine: SingleEngine<BingoConfig, { cards: number }> = {
  kind: 'single',
  parseParams: (raw, config) =>
    parseWith(z.object({ cards: z.number().int().min(1).max(config.maxCards) }), {
      cards: 1,
      ...asObject(raw),
    }),
  play(seeds, params) {
    const checked = fairValue(checkSeeds(seeds));
    if (!checked.ok) return checked;
    const round = bingoRound(seeds, params.cards);
    const lines = round.cards.map((card) => linesOf(card, round.calls));
    const pays = lines.map((count) => BINGO_PAYS_BY_LINES[Math.min(count, BINGO_PAYS_BY_LINES.length - 1)]!);
    // The stake is spread evenly over the cards.
    const multiplierHundredths = Math.floor(pays.reduce((a, b) => a + b, 0) / params.cards);
    return done({ multiplierHundredths, outcome: { cards: round.cards, calls: round.calls, lines, pays } });
  },
};
