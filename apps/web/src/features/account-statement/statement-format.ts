import { formatMoneyMinor, parseMoney } from '@backlay/front-kit/minor-units';
import { playerLocale } from '@backlay/front-kit/money';

export const NO_AMOUNT_TEXT = '-';

/**
 * Credit/Debit cell text: the amount in the portal's money format, or `-` when the row did not move
 * money on that side, so each row reads one way.
 */
export function amountCellText(money: string, locale: string | undefined = playerLocale()): string {
  const minor = parseMoney(money);
  if (minor === null) return money;
  return minor === 0n ? NO_AMOUNT_TEXT : formatMoneyMinor(minor, locale);
}
