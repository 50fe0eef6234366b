import { pickOne } from './deps.ts';

/** Small stakes, as a casual player's: 2.00 to 20.00. */
const STAKES_MINOR = [2_00n, 5_00n, 5_00n, 10_00n, 20_00n] as const;

/** A small stake within a product's limits and the player's free balance; null when none fits. */
export function smallStake(
  random: () => number,
  limits: { minMinor: bigint; maxMinor: bigint; freeMinor: bigint },
): bigint | null {
  const wanted = pickOne(STAKES_MINOR, random) ?? 2_00n;
  const stake = wanted < limits.minMinor ? limits.minMinor : wanted;
  return stake <= limits.maxMinor && stake <= limits.freeMinor ? stake : null;
}
