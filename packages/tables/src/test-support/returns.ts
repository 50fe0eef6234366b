import { returnHundredths } from '../settle.ts';
import type { FloatSource, TableGame } from '../types.ts';
import { floats } from './sources.ts';

/** Each market's return to player: what a unit stake returns on average. */
export type Returns = Record<string, number>;

function accumulate(game: TableGame, next: () => FloatSource, rounds: number): Returns {
  const sums = new Map<string, number>(game.markets.map((m) => [m.id, 0]));
  for (let round = 0; round < rounds; round++) {
    const outcome = game.deal(next());
    for (const market of game.markets) {
      sums.set(market.id, sums.get(market.id)! + returnHundredths(market.id, market.oddsHundredths, outcome));
    }
  }
  return Object.fromEntries([...sums].map(([id, sum]) => [id, sum / 100 / rounds]));
}

/**
 * Exact returns of a game that draws a fixed number of times: every combination of choices, each draw
 * k picking one of `radices[k]` equally likely positions (a shoe of n cards, then n − 1, …).
 */
export function exactReturns(game: TableGame, radices: readonly number[]): Returns {
  const total = radices.reduce((product, radix) => product * radix, 1);
  let index = 0;
  return accumulate(
    game,
    () => {
      let rest = index++;
      const values = radices.map((radix) => {
        const choice = rest % radix;
        rest = Math.floor(rest / radix);
        return (choice + 0.5) / radix;
      });
      return floats(...values);
    },
    total,
  );
}

/** Returns estimated over `rounds` deals of one deterministic stream. */
export function simulatedReturns(game: TableGame, source: FloatSource, rounds: number): Returns {
  return accumulate(game, () => source, rounds);
}
