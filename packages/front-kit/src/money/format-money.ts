/**
 * Money as the player reads it: the player's locale grouping and exactly two decimals (`1,500.00` in
 * en-US, `1.500,00` in de-DE, `1,23,456.00` in en-IN). Amounts arrive as decimal text (`"1500.00"`,
 * decision 0003), which Intl reads as the decimal it spells, so no float touches them; the balance
 * socket's number is fixed to two decimals first. Arithmetic is on minor units (minor-units.ts).
 */

/** Decimal text (`"1500"`, `"-20.5"`); Intl rounds digits past the cent half away from zero. */
const DECIMAL_TEXT = /^[+-]?\d+(\.\d+)?$/;

const formatters = new Map<string, Intl.NumberFormat>();

/** The player's locale: the browser's first language, or the runtime default outside a browser. */
export function playerLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language || undefined;
}

/** The money format of a locale (the player's when none is named). */
export function moneyFormat(locale = playerLocale()): Intl.NumberFormat {
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

/** Money text or the balance socket's number in the player's format; anything else unchanged. */
export function formatMoney(amount: string | number, locale?: string): string {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  return DECIMAL_TEXT.test(text) ? moneyFormat(locale).format(text as `${number}`) : String(amount);
}
