import { checkSeeds, OutcomeStream, type Seeds } from '../stream.ts';
import { ok, type Result } from '../result.ts';
import type { Hundredths } from '../multiplier.ts';

export type LimboResult = { readonly multiplierHundredths: Hundredths };

const SCALE = 1e8;
const RTP = 0.99;

/**
 * Limbo as the public calculator computes it: n = floor(float × 1e8) + 1, point = 1e8 / n × 0.99,
 * floored to hundredths, at least 1.00. The double arithmetic is kept on purpose: exact integer division
 * (floor(99e8 / n)) differs on 46 of the 10^8 possible n (e.g. n = 495 gives 199999.99 here, not
 * 200000.00), and a player's check must agree with the public calculator to the cent.
 */
export function limboHundredthsOfFloat(float: number): Hundredths {
  const n = Math.floor(float * SCALE) + 1;
  const point = (SCALE / n) * RTP;
  return Math.max(100, Math.floor(point * 100));
}

export function limbo(seeds: Seeds): Result<LimboResult> {
  const checked = checkSeeds(seeds);
  if (!checked.ok) return checked;
  return ok({ multiplierHundredths: limboHundredthsOfFloat(new OutcomeStream(seeds).nextFloat()) });
}
