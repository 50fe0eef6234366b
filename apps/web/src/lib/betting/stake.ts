import { formatMinor, parseAmountMinor } from '@backlay/ledger';

/**
 * Stakes on integer minor units (100.00 = 10000), read with the ledger's parser, the one the server
 * checks the same text with: no float and no second reading of money can disagree with it.
 */

/** Stakes above this are refused while typing; no market takes more than its maximum anyway. */
const MAX_STAKE_INPUT_MINOR = 100_000_000_000n;

export type StakeProblem = 'EMPTY' | 'NOT_A_NUMBER' | 'TOO_SMALL' | 'TOO_LARGE';

export type StakeCheck = { ok: true; stakeMinor: bigint } | { ok: false; reason: StakeProblem };

const readMinor = (text: string) => parseAmountMinor(text, { maxMinor: MAX_STAKE_INPUT_MINOR });

/** A typed stake in minor units; null when it is not a positive amount with at most two decimals. */
export function stakeMinorOf(text: string): bigint | null {
  const parsed = readMinor(text);
  return parsed.ok ? parsed.amountMinor : null;
}

/** An amount of the API ("1500.00", a stake or a payout) in minor units; zero when there is none. */
export function moneyMinorOf(amount: string): bigint {
  return stakeMinorOf(amount) ?? 0n;
}

/** Minor units as the API's decimal string: 8150n → "81.50". */
export const minorToDecimal: (minor: bigint) => string = formatMinor;

/** Reads the stake field against the market's limits (decimal strings; null while they load). */
export function checkStake(text: string, minStake: string | null, maxStake: string | null): StakeCheck {
  if (text.trim() === '') return { ok: false, reason: 'EMPTY' };
  const parsed = readMinor(text);
  if (!parsed.ok) return { ok: false, reason: parsed.code === 'ABOVE_LIMIT' ? 'TOO_LARGE' : 'NOT_A_NUMBER' };
  const min = minStake === null ? null : stakeMinorOf(minStake);
  const max = maxStake === null ? null : stakeMinorOf(maxStake);
  if (min !== null && parsed.amountMinor < min) return { ok: false, reason: 'TOO_SMALL' };
  if (max !== null && parsed.amountMinor > max) return { ok: false, reason: 'TOO_LARGE' };
  return { ok: true, stakeMinor: parsed.amountMinor };
}

/**
 * Keeps digits and one decimal point with two decimals at most, as the stake field accepts. This
 * only filters keystrokes; `checkStake` decides what the text is worth.
 */
export function sanitizeStakeText(input: string): string {
  const cleaned = input.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  const trimmedWhole = whole.replace(/^0+(?=\d)/, '').slice(0, 9);
  return rest.length === 0 ? trimmedWhole : `${trimmedWhole}.${rest.join('').slice(0, 2)}`;
}
