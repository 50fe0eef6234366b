import { checkSeeds, OutcomeStream, type Seeds } from '../stream.ts';
import { err, ok, type Result } from '../result.ts';
import type { Hundredths } from '../multiplier.ts';
import { WHEEL_RISKS, wheelTable, type WheelRisk } from './wheel-tables.ts';

/** Segment index 0..segments−1 = floor(float × segments), and what it pays. */
export type WheelResult = { readonly segment: number; readonly multiplierHundredths: Hundredths };

export function isWheelRisk(value: unknown): value is WheelRisk {
  return typeof value === 'string' && (WHEEL_RISKS as readonly string[]).includes(value);
}

export function wheel(
  seeds: Seeds,
  params: { readonly segments: number; readonly risk: WheelRisk },
): Result<WheelResult> {
  const checked = checkSeeds(seeds);
  if (!checked.ok) return checked;
  if (!isWheelRisk(params.risk)) return err('INVALID_RISK');
  const table = wheelTable(params.segments, params.risk);
  if (table === undefined) return err('INVALID_SEGMENTS');
  const segment = Math.floor(new OutcomeStream(seeds).nextFloat() * params.segments);
  return ok({ segment, multiplierHundredths: table[segment]! });
}
