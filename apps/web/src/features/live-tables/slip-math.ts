/**
 * Stake arithmetic of the table slips, on integer minor units (hundredths) so no float touches money:
 * odds arrive with two decimals and are read as hundredths too.
 */

const STAKE_TEXT = /^\d{1,9}(\.\d{1,2})?$/;

/** A typed stake in minor units; null when it is not a positive amount with at most two decimals. */
export function stakeMinorOf(text: string): bigint | null {
  const trimmed = text.trim();
  if (!STAKE_TEXT.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  const minor = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return minor > 0n ? minor : null;
}

/** A money string ("1500.00") in minor units. */
export function moneyMinorOf(amount: string): bigint {
  return stakeMinorOf(amount) ?? 0n;
}

/** Minor units as the API's decimal string. */
export function minorToDecimal(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

const oddsHundredths = (odds: number): bigint => BigInt(Math.round(odds * 100));

/** What a winning bet gains on top of its stake: stake × (odds − 1), rounded down to the cent. */
export function profitMinor(stakeMinor: bigint, odds: number): bigint {
  return (stakeMinor * (oddsHundredths(odds) - 100n)) / 100n;
}

export type StakeCheck = 'EMPTY' | 'INVALID' | 'TOO_SMALL' | 'TOO_LARGE' | 'OK';

/** Checks a typed stake against a market's limits before it is sent (the server checks again). */
export function checkStake(text: string, minStake: string, maxStake: string): StakeCheck {
  if (text.trim() === '') return 'EMPTY';
  const stake = stakeMinorOf(text);
  if (stake === null) return 'INVALID';
  if (stake < moneyMinorOf(minStake)) return 'TOO_SMALL';
  if (stake > moneyMinorOf(maxStake)) return 'TOO_LARGE';
  return 'OK';
}

/** Keeps digits and one decimal point with two decimals at most, as the stake field accepts. */
export function sanitizeStakeText(input: string): string {
  const cleaned = input.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  const trimmedWhole = whole.replace(/^0+(?=\d)/, '').slice(0, 9);
  return rest.length === 0 ? trimmedWhole : `${trimmedWhole}.${rest.join('').slice(0, 2)}`;
}

/** "25K" for 25,000.00 and "50.00" below a thousand: the compact limits of the spec's Runs market. */
export function compactLimit(amount: string): string {
  const minor = moneyMinorOf(amount);
  if (minor >= 100_000n && minor % 100_000n === 0n) return `${minor / 100_000n}K`;
  return minorToDecimal(minor);
}
