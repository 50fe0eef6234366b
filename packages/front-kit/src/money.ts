import { formatMinor } from '@backlay/ledger';

/**
 * Money in the browser: integer minor units (`bigint`, scale 2), as on the server. An amount arrives as
 * decimal text (`"1500.00"`, decision 0003) and is parsed once; arithmetic is on the minor units; text
 * comes back out either as the wire writes it (`moneyText`, the console and its CSV) or in the player's
 * locale (`formatMoney`: `1,500.00` in en-US, `1.500,00` in de-DE, `1,23,456.00` in en-IN).
 */
const DECIMAL_TEXT = /^([+-]?\d+)(?:\.(\d\d?))?$/;

/** Decimal text with at most two decimals (`"1500"`, `"-20.5"`) as minor units; null otherwise. */
export function parseMoney(text: string): bigint | null {
  const match = DECIMAL_TEXT.exec(text.trim());
  return match ? BigInt(`${match[1]}${(match[2] ?? '').padEnd(2, '0')}`) : null;
}

/** Minor units as the wire writes them (the ledger's own writing): `-12.50`, never a negative zero. */
export const moneyText: (minor: bigint) => string = formatMinor;

/** The other side of an amount (the house's of a players' figure); text that is not money unchanged. */
export function negateMoney(text: string): string {
  const minor = parseMoney(text);
  return minor === null ? text : moneyText(-minor);
}

const formatters = new Map<string, Intl.NumberFormat>();

/** The player's locale: the browser's first language, or the runtime default outside a browser. */
export function playerLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language || undefined;
}

function formatterFor(locale: string | undefined): Intl.NumberFormat {
  const key = locale ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      // Not 'auto': every locale groups thousands, four-digit amounts too.
      useGrouping: true,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Minor units in the locale's grouping with two decimals, exact however large: Intl reads a numeric
 * string as the decimal it spells, with no float on the way.
 */
export function formatMoneyMinor(minor: bigint, locale: string | undefined = playerLocale()): string {
  return formatterFor(locale).format(`${minor}E-2` as `${number}`);
}

/**
 * Decimal text, or the balance socket's number (fixed to two decimals first), in the player's format;
 * anything that is not an amount is returned unchanged.
 */
export function formatMoney(amount: string | number, locale: string | undefined = playerLocale()): string {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount;
  const minor = parseMoney(text);
  return minor === null ? String(amount) : formatMoneyMinor(minor, locale);
}
