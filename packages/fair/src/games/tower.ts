import { checkSeeds, OutcomeStream, type Seeds } from '../stream.ts';
import { err, ok, type Result } from '../result.ts';
import type { Hundredths } from '../multiplier.ts';
import { drawWithoutReplacement, range } from './draw.ts';

export const TOWER_LEVELS = 9;

/** Tiles per level and safe tiles among them. */
export const TOWER_DIFFICULTIES = {
  easy: { columns: 4, safe: 3 },
  medium: { columns: 3, safe: 2 },
  hard: { columns: 2, safe: 1 },
  expert: { columns: 3, safe: 1 },
  master: { columns: 4, safe: 1 },
} as const;
export type TowerDifficulty = keyof typeof TOWER_DIFFICULTIES;

export function isTowerDifficulty(value: unknown): value is TowerDifficulty {
  return typeof value === 'string' && Object.hasOwn(TOWER_DIFFICULTIES, value);
}

/** Safe columns (0-based) of each level from the bottom, each level drawn without replacement. */
export type TowerResult = { readonly levels: readonly (readonly number[])[] };

export function tower(seeds: Seeds, params: { readonly difficulty: TowerDifficulty }): Result<TowerResult> {
  const checked = checkSeeds(seeds);
  if (!checked.ok) return checked;
  if (!isTowerDifficulty(params.difficulty)) return err('INVALID_DIFFICULTY');
  const { columns, safe } = TOWER_DIFFICULTIES[params.difficulty];
  const stream = new OutcomeStream(seeds);
  const pool = range(0, columns);
  const levels = Array.from({ length: TOWER_LEVELS }, () => drawWithoutReplacement(stream, pool, safe));
  return ok({ levels });
}

/**
 * Cash-out multiplier after clearing `cleared` levels: 0.99 × (columns / safe)^cleared, floored to
 * hundredths — integer arithmetic, 4^9 × 99 is far inside a double's exact range.
 */
export function towerMultiplierHundredths(difficulty: TowerDifficulty, cleared: number): Result<Hundredths> {
  if (!isTowerDifficulty(difficulty)) return err('INVALID_DIFFICULTY');
  if (!Number.isInteger(cleared) || cleared < 0 || cleared > TOWER_LEVELS) return err('INVALID_COUNT');
  if (cleared === 0) return ok(100);
  const { columns, safe } = TOWER_DIFFICULTIES[difficulty];
  const numerator = 99 * columns ** cleared;
  const denominator = safe ** cleared;
  const q = Math.floor(numerator / denominator);
  return ok(q * denominator > numerator ? q - 1 : q);
}
