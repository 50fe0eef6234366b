import { checkSeeds, OutcomeStream, type Seeds } from '../stream.ts';
import { ok, type Result } from '../result.ts';
import type { Hundredths } from '../multiplier.ts';

/**
 * Crash point from a 32-bit value: max(1.00, floor(100 × 0.99 × 2^32 / (value + 1)) / 100), in BigInt so
 * no double rounding enters the multiplier. Shared by the multiplayer chain and the instant crash.
 */
export function crashHundredthsOfUint32(value: number): Hundredths {
  const hundredths = (99n << 32n) / (BigInt(value) + 1n);
  return hundredths < 100n ? 100 : Number(hundredths);
}

export type InstantCrashResult = { readonly multiplierHundredths: Hundredths };

/** Single-player crash: the first four bytes of the seeded stream feed the crash formula. */
export function instantCrash(seeds: Seeds): Result<InstantCrashResult> {
  const checked = checkSeeds(seeds);
  if (!checked.ok) return checked;
  return ok({ multiplierHundredths: crashHundredthsOfUint32(new OutcomeStream(seeds).nextUint32()) });
}
