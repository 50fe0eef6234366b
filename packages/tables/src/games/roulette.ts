import { points } from '../limits.ts';
import { withDealing } from '../timings.ts';
import type { MarketDef, TableGame, TableOutcome } from '../types.ts';

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

const OUTSIDE: readonly (MarketDef & { wins(n: number): boolean })[] = [
  { id: 'red', name: 'Red', oddsHundredths: 200, wins: (n) => RED.has(n) },
  { id: 'black', name: 'Black', oddsHundredths: 200, wins: (n) => n > 0 && !RED.has(n) },
  { id: 'even', name: 'Even', oddsHundredths: 200, wins: (n) => n > 0 && n % 2 === 0 },
  { id: 'odd', name: 'Odd', oddsHundredths: 200, wins: (n) => n % 2 === 1 },
  { id: 'low', name: '1 to 18', oddsHundredths: 200, wins: (n) => n >= 1 && n <= 18 },
  { id: 'high', name: '19 to 36', oddsHundredths: 200, wins: (n) => n >= 19 },
  { id: 'dozen-1', name: '1st 12', oddsHundredths: 300, wins: (n) => n >= 1 && n <= 12 },
  { id: 'dozen-2', name: '2nd 12', oddsHundredths: 300, wins: (n) => n >= 13 && n <= 24 },
  { id: 'dozen-3', name: '3rd 12', oddsHundredths: 300, wins: (n) => n >= 25 },
  { id: 'column-1', name: 'Column 1', oddsHundredths: 300, wins: (n) => n > 0 && n % 3 === 1 },
  { id: 'column-2', name: 'Column 2', oddsHundredths: 300, wins: (n) => n > 0 && n % 3 === 2 },
  { id: 'column-3', name: 'Column 3', oddsHundredths: 300, wins: (n) => n > 0 && n % 3 === 0 },
];

const STRAIGHT: readonly MarketDef[] = Array.from({ length: 37 }, (_, n) => ({
  id: `n-${n}`,
  name: `Number ${n}`,
  oddsHundredths: 3600,
  maxStakeMinor: points(1_000),
}));

export const colourOf = (n: number) => (n === 0 ? 'Green' : RED.has(n) ? 'Red' : 'Black');

/**
 * European roulette (docs/decisions/0151): one ball, pocket ⌊float × 37⌋ (0–36, the published method).
 * Straight up pays 35 to 1, dozens and columns 2 to 1, the even chances 1 to 1; on 0 every outside bet
 * loses.
 */
export const roulette: TableGame = {
  id: 'roulette',
  name: 'Roulette',
  category: 'Roulette',
  minStakeMinor: points(10),
  maxStakeMinor: points(50_000),
  markets: [...OUTSIDE.map(({ id, name, oddsHundredths }) => ({ id, name, oddsHundredths })), ...STRAIGHT],
  timings: withDealing(5_000),
  deal(source): TableOutcome {
    const number = Math.floor(source.nextFloat() * 37);
    const winningMarkets = [`n-${number}`, ...OUTSIDE.filter((m) => m.wins(number)).map((m) => m.id)];
    return { hands: [], winner: `${number} ${colourOf(number)}`, winningMarkets, refunds: {}, number };
  },
};
