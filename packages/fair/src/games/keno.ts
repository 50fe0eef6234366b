import { checkSeeds, OutcomeStream, type Seeds } from '../stream.ts';
import { ok, type Result } from '../result.ts';
import { drawWithoutReplacement, range } from './draw.ts';

export const KENO_SQUARES = 40;
export const KENO_DRAWS = 10;
const SQUARES = range(1, KENO_SQUARES + 1);

/** The 10 drawn squares, 1..40, in draw order. */
export type KenoResult = { readonly numbers: readonly number[] };

export function keno(seeds: Seeds): Result<KenoResult> {
  const checked = checkSeeds(seeds);
  if (!checked.ok) return checked;
  return ok({ numbers: drawWithoutReplacement(new OutcomeStream(seeds), SQUARES, KENO_DRAWS) });
}
