export const STREAM_NOTICE =
  'Results are based on stream only. Score board may be different or updated later.';

export const RUN_OUTCOMES = [
  '0 Runs',
  '1 Runs',
  '2 Runs',
  '3 Runs',
  '4 Runs',
  '6 Runs',
  'Boundary',
  'Wicket',
  'Extra Runs',
] as const;

/** Submit is disabled while the stake is empty. */
export function canSubmitStake(stake: string): boolean {
  return stake.trim() !== '';
}

/** Keeps only digits so the stake stays a whole number. */
export function sanitizeStake(input: string): string {
  return input
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 9);
}
