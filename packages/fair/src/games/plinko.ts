import { checkSeeds, OutcomeStream, type Seeds } from '../stream.ts';
import { err, ok, type Result } from '../result.ts';
import type { Hundredths } from '../multiplier.ts';
import { PLINKO_RISKS, plinkoTable, type PlinkoRisk } from './plinko-tables.ts';

export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;

export type PlinkoResult = {
  /** One letter per row: floor(float × 2) = 0 is L, 1 is R. */
  readonly path: string;
  /** Landing slot 0..rows, counted from the left: the number of R moves. */
  readonly slot: number;
  readonly multiplierHundredths: Hundredths;
};

export function isPlinkoRisk(value: unknown): value is PlinkoRisk {
  return typeof value === 'string' && (PLINKO_RISKS as readonly string[]).includes(value);
}

export function plinko(
  seeds: Seeds,
  params: { readonly rows: number; readonly risk: PlinkoRisk },
): Result<PlinkoResult> {
  const checked = checkSeeds(seeds);
  if (!checked.ok) return checked;
  if (!Number.isInteger(params.rows) || params.rows < PLINKO_MIN_ROWS || params.rows > PLINKO_MAX_ROWS) {
    return err('INVALID_ROWS');
  }
  if (!isPlinkoRisk(params.risk)) return err('INVALID_RISK');
  const table = plinkoTable(params.rows, params.risk)!;
  const stream = new OutcomeStream(seeds);
  let path = '';
  let slot = 0;
  for (let row = 0; row < params.rows; row++) {
    const right = Math.floor(stream.nextFloat() * 2) === 1;
    path += right ? 'R' : 'L';
    if (right) slot += 1;
  }
  return ok({ path, slot, multiplierHundredths: table[slot]! });
}
