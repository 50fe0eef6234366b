import { checkSeeds, OutcomeStream, type Seeds } from '../stream.ts';
import { ok, type Result } from '../result.ts';

/** Roll in hundredths, 0..10000 (00.00 to 100.00): floor(float × 10001). */
export type DiceResult = { readonly rollHundredths: number };

export function dice(seeds: Seeds): Result<DiceResult> {
  const checked = checkSeeds(seeds);
  if (!checked.ok) return checked;
  return ok({ rollHundredths: Math.floor(new OutcomeStream(seeds).nextFloat() * 10001) });
}
