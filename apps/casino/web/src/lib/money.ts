/** Stakes are edited as text and computed in integer cents, never in floating point. */
const DECIMAL = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

export function toCents(text: string): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

export function fromCents(cents: bigint): string {
  const whole = cents / 100n;
  return `${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** Halves or doubles a stake, kept within [min, max]. */
export function scaleStake(text: string, factor: 'half' | 'double', min: string, max: string): string {
  const cents = toCents(text) ?? toCents(min)!;
  const scaled = factor === 'half' ? cents / 2n : cents * 2n;
  const [low, high] = [toCents(min)!, toCents(max)!];
  return fromCents(scaled < low ? low : scaled > high ? high : scaled);
}

/** "1234567.50" → "1,234,567.50" for display. */
export function formatMoney(decimal: string | null): string {
  if (decimal === null) return '—';
  const [whole = '0', cents = '00'] = decimal.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${decimal.startsWith('-') ? '-' : ''}${grouped}.${cents}`;
}

/** Hundredths of a multiplier as "1.98x". */
export const formatMultiplier = (hundredths: number): string => `${(hundredths / 100).toFixed(2)}x`;

/** What a stake pays at a multiplier ("1.28"), rounded down to the cent like the server. */
export function payoutOf(stake: string, multiplier: string): string {
  return fromCents(((toCents(stake) ?? 0n) * (toCents(multiplier) ?? 0n)) / 100n);
}
