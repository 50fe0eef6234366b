import { checkSeeds, OutcomeStream, type Seeds } from '../stream.ts';
import { err, ok, type Result } from '../result.ts';
import type { Hundredths } from '../multiplier.ts';
import { drawWithoutReplacement, range } from './draw.ts';

export const MINES_TILES = 25;
const TILES = range(0, MINES_TILES);

/** Mine tiles 0..24 (left to right, top to bottom) in the order they were drawn. */
export type MinesResult = { readonly mines: readonly number[] };

export function mines(seeds: Seeds, params: { readonly mines: number }): Result<MinesResult> {
  const checked = checkSeeds(seeds);
  if (!checked.ok) return checked;
  if (!Number.isInteger(params.mines) || params.mines < 1 || params.mines > MINES_TILES - 1) {
    return err('INVALID_MINES');
  }
  return ok({ mines: drawWithoutReplacement(new OutcomeStream(seeds), TILES, params.mines) });
}

/** floor(a / b) for non-negative integers below 2^53, corrected so double rounding can't round up. */
function floorDiv(a: number, b: number): number {
  const q = Math.floor(a / b);
  return q * b > a ? q - 1 : q;
}

function choose(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

/**
 * Cash-out multiplier after `revealed` safe tiles: 0.99 / P(all safe) = 0.99 × C(25, k) / C(25 − m, k),
 * floored to hundredths. C(25, k) ≤ 5,200,300, so 99 × C(25, k) stays an exact integer.
 */
export function minesMultiplierHundredths(minesCount: number, revealed: number): Result<Hundredths> {
  if (!Number.isInteger(minesCount) || minesCount < 1 || minesCount > MINES_TILES - 1) {
    return err('INVALID_MINES');
  }
  if (!Number.isInteger(revealed) || revealed < 0 || revealed > MINES_TILES - minesCount) {
    return err('INVALID_REVEALED');
  }
  const all = choose(MINES_TILES, revealed);
  const safe = choose(MINES_TILES - minesCount, revealed);
  return ok(floorDiv(99 * all, safe));
}
