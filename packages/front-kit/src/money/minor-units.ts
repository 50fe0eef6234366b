import { formatMinor } from '@backlay/ledger';
import { moneyFormat } from './format-money.ts';

/**
 * Money to count with: integer minor units (`bigint`, scale 2), as on the server. Money text is parsed
 * once into them; sums and signs are worked on the number, never on the text.
 */

/** Money text: an optional sign, digits, and at most two decimals (`"1500"`, `"-20.5"`, `"0.05"`). */
const MONEY_TEXT = /^([+-]?\d+)(?:\.(\d\d?))?$/;

/** Money text as minor units (`"-20.5"` → -2050n); null when it is not money text. */
export function parseMoney(text: string): bigint | null {
  const match = MONEY_TEXT.exec(text.trim());
  return match ? BigInt(`${match[1]}${(match[2] ?? '').padEnd(2, '0')}`) : null;
}

/** Minor units as the wire writes them (the ledger's own writing): `-12.50`, never a negative zero. */
export const moneyText: (minor: bigint) => string = formatMinor;

/** The other side of an amount (the house's of a players' figure); text that is not money unchanged. */
export function negateMoney(text: string): string {
  const minor = parseMoney(text);
  return minor === null ? text : moneyText(-minor);
}

/** Minor units in the player's format (or a named locale's), exact however large. */
export function formatMoneyMinor(minor: bigint, locale?: string): string {
  return moneyFormat(locale).format(`${minor}E-2` as `${number}`);
}
