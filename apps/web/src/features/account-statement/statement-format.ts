import { formatMoney, playerLocale } from '../../lib/money.ts';

/** Money strings that mean "nothing moved" in the Credit or Debit column. */
function isZeroMoney(money: string): boolean {
  return /^-?0+(\.0+)?$/.test(money);
}

export const NO_AMOUNT_TEXT = '-';

/**
 * Credit/Debit cell text: the amount in the portal's money format, or `-` when the row did not move
 * money on that side, so each row reads one way.
 */
export function amountCellText(money: string, locale: string | undefined = playerLocale()): string {
  return isZeroMoney(money) ? NO_AMOUNT_TEXT : formatMoney(money, locale);
}
