/**
 * Money is integer minor units (scale 2) as bigint. Parsing never goes through floating point: a JS
 * number is read through its shortest round-trip decimal string, which is exactly what the client wrote
 * when it serialised the JSON.
 */
export const MINOR_PER_UNIT = 100n;
export const AMOUNT_SCALE = 2;

/**
 * Largest single deposit or withdrawal the cash desk accepts: 10,000,000.00 points. A fat-fingered
 * extra zero should be refused, not booked.
 */
export const MAX_TRANSFER_MINOR = 1_000_000_000n;

/**
 * Largest single ledger movement of any kind (10 trillion points). Bet settlements can exceed the cash
 * desk limit, but no movement should come near BIGINT range, where sums could overflow.
 */
export const MAX_LEDGER_AMOUNT_MINOR = 1_000_000_000_000_000n;

/** Strings longer than this are refused outright so a hostile body cannot make us parse megabytes. */
const MAX_INPUT_CHARS = 64;

export type AmountErrorCode = 'NOT_A_NUMBER' | 'NOT_POSITIVE' | 'TOO_MANY_DECIMALS' | 'ABOVE_LIMIT';

export type ParseAmountResult =
  | { readonly ok: true; readonly amountMinor: bigint }
  | { readonly ok: false; readonly code: AmountErrorCode; readonly message: string };

export interface ParseAmountOptions {
  /** Inclusive upper bound, in minor units. */
  readonly maxMinor: bigint;
}

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const NUMBER_EXPONENT = /^(-?)(\d+)(?:\.(\d+))?e([+-]?\d+)$/;

/**
 * Parses a positive amount with at most two decimals. Accepted: "1500", "1500.5", "1500.50", "0.01",
 * "007.5", 1500.5, and strings with surrounding whitespace. Refused as NOT_A_NUMBER: "", "abc", "+5",
 * ".5", "5.", "1e3", "0x10", "1,500", "Infinity", NaN, ±Infinity, booleans, null, objects, bigint, and
 * strings over 64 characters. Checks run in this order: NOT_A_NUMBER, TOO_MANY_DECIMALS ("1.234",
 * "1.230", 0.1 + 0.2), NOT_POSITIVE (zero, "-0", negatives), ABOVE_LIMIT.
 */
export function parseAmountMinor(input: unknown, options: ParseAmountOptions): ParseAmountResult {
  const decimal = toDecimalString(input);
  if (decimal === null) return amountError('NOT_A_NUMBER', options.maxMinor);
  const match = PLAIN_DECIMAL.exec(decimal);
  if (!match) return amountError('NOT_A_NUMBER', options.maxMinor);
  const [, sign = '', integerDigits = '', fractionDigits = ''] = match;
  if (fractionDigits.length > AMOUNT_SCALE) return amountError('TOO_MANY_DECIMALS', options.maxMinor);
  const significant = integerDigits.replace(/^0+/, '');
  const isZero = significant === '' && /^0*$/.test(fractionDigits);
  if (sign === '-' || isZero) return amountError('NOT_POSITIVE', options.maxMinor);
  // Bound the digits before building a bigint; anything this long is over every limit we use.
  if (significant.length > 19) return amountError('ABOVE_LIMIT', options.maxMinor);
  const amountMinor =
    BigInt(significant || '0') * MINOR_PER_UNIT + BigInt(fractionDigits.padEnd(AMOUNT_SCALE, '0'));
  if (amountMinor > options.maxMinor) return amountError('ABOVE_LIMIT', options.maxMinor);
  return { ok: true, amountMinor };
}

function toDecimalString(input: unknown): string | null {
  if (typeof input === 'string') {
    const trimmed = input.trim();
    return trimmed.length > MAX_INPUT_CHARS ? null : trimmed;
  }
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    const text = String(input);
    return text.includes('e') ? expandExponent(text) : text;
  }
  return null;
}

/** "1.5e+21" → "1500000000000000000000", "1e-7" → "0.0000001"; digits are kept exactly. */
function expandExponent(text: string): string | null {
  const match = NUMBER_EXPONENT.exec(text);
  if (!match) return null;
  const [, sign = '', integerDigits = '', fractionDigits = '', exponentText = '0'] = match;
  const digits = integerDigits + fractionDigits;
  const pointAt = integerDigits.length + Number(exponentText);
  if (pointAt <= 0) return `${sign}0.${'0'.repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return `${sign}${digits}${'0'.repeat(pointAt - digits.length)}`;
  return `${sign}${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}

function amountError(code: AmountErrorCode, maxMinor: bigint): ParseAmountResult {
  return { ok: false, code, message: amountMessageFor(code, maxMinor) };
}

/** Short messages suitable for a 400 body. */
export function amountMessageFor(code: AmountErrorCode, maxMinor: bigint): string {
  switch (code) {
    case 'NOT_A_NUMBER':
      return 'Amount must be a number such as 1500 or 1500.50.';
    case 'NOT_POSITIVE':
      return 'Amount must be greater than zero.';
    case 'TOO_MANY_DECIMALS':
      return 'Amount can have at most 2 decimal places.';
    case 'ABOVE_LIMIT':
      return `Amount must not exceed ${formatMinor(maxMinor)}.`;
  }
}

/** 150050n → "1500.50"; -5n → "-0.05". The JSON form of money in every API. */
export function formatMinor(amountMinor: bigint): string {
  const negative = amountMinor < 0n;
  const magnitude = negative ? -amountMinor : amountMinor;
  const units = magnitude / MINOR_PER_UNIT;
  const cents = (magnitude % MINOR_PER_UNIT).toString().padStart(AMOUNT_SCALE, '0');
  return `${negative ? '-' : ''}${units}.${cents}`;
}

const FORMATTED = /^(-?)(\d+)\.(\d{2})$/;

/**
 * The inverse of `formatMinor`: "1500.50" → 150050n, "-0.05" → -5n, "0.00" → 0n. For amounts this
 * system wrote; anything `formatMinor` never writes is a RangeError, not a guess.
 */
export function parseFormattedMinor(money: string): bigint {
  const match = FORMATTED.exec(money);
  if (!match) throw new RangeError(`not an amount formatMinor writes: ${money}`);
  const [, sign, units = '', cents = ''] = match;
  const magnitude = BigInt(units) * MINOR_PER_UNIT + BigInt(cents);
  return sign === '-' ? -magnitude : magnitude;
}

/**
 * For the one edge that must send a JS number (the balance socket's `money`). Goes through the decimal
 * string so the result is the double nearest to the exact amount; exact below 2^53 minor units.
 */
export function minorToNumber(amountMinor: bigint): number {
  return Number(formatMinor(amountMinor));
}
