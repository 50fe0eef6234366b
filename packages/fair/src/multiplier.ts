/**
 * Multipliers are integers in hundredths of the stake (196 = 1.96x): every published payout table and
 * result formula has at most two decimals, and hundredths keep payout arithmetic in integers
 * (`payoutMinor = stakeMinor * BigInt(multiplierHundredths) / 100n`, rounded down).
 */
export type Hundredths = number;

/** `196` → `"1.96"`, `100000` → `"1000.00"`. */
export function formatHundredths(hundredths: Hundredths): string {
  const whole = Math.floor(hundredths / 100);
  const cents = hundredths - whole * 100;
  return `${whole}.${cents < 10 ? '0' : ''}${cents}`;
}

/** Payout in minor units for a stake, rounded down (the house never pays a fraction of a minor unit). */
export function payoutMinor(stakeMinor: bigint, multiplierHundredths: Hundredths): bigint {
  return (stakeMinor * BigInt(multiplierHundredths)) / 100n;
}
