import { minorToDecimal, moneyMinorOf } from '../../lib/betting/index.ts';

/** "25K" for 25,000.00 and "50.00" below a thousand: the compact limits of the spec's Runs market. */
export function compactLimit(amount: string): string {
  const minor = moneyMinorOf(amount);
  if (minor >= 100_000n && minor % 100_000n === 0n) return `${minor / 100_000n}K`;
  return minorToDecimal(minor);
}
