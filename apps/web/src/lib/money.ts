/**
 * The one money format of the portal: the player's locale grouping and exactly two decimals
 * (`1,500.00` in en-US, `1.500,00` in de-DE, `1,23,456.00` in en-IN).
 *
 * Amounts arrive as decimal strings (`"1500.00"`, decision 0003) and are formatted from their text, so
 * no float rounding touches them; the balance socket's number is fixed to two decimals first.
 */
const DECIMAL_TEXT = /^[+-]?\d+(\.\d+)?$/;

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
      useGrouping: true,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Formats a decimal string or a number as money; text that is not a number is returned unchanged. */
export function formatMoney(amount: string | number, locale: string | undefined = playerLocale()): string {
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) return String(amount);
    return formatterFor(locale).format(amount.toFixed(2) as `${number}`);
  }
  const text = amount.trim();
  if (!DECIMAL_TEXT.test(text)) return amount;
  return formatterFor(locale).format(text as `${number}`);
}
