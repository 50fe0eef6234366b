const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * An ISO timestamp in the player's local time as the spec writes dates: `22/11/2026 10:15:03 AM`
 * (day/month/year, 12-hour clock). Built by hand because `toLocaleString` differs between browsers.
 */
export function formatStatementDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const day = `${pad2(date.getDate())}/${pad2(date.getMonth() + 1)}/${date.getFullYear()}`;
  const time = `${pad2(hour12)}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`;
  return `${day} ${time} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Money strings that mean "nothing moved" in the Credit or Debit column. */
function isZeroMoney(money: string): boolean {
  return /^-?0+(\.0+)?$/.test(money);
}

export const NO_AMOUNT_TEXT = '-';

/**
 * Credit/Debit cell text: the server's decimal string unchanged (as the header balance shows money,
 * without separators) or `-` when the row did not move money on that side, so each row reads one way.
 */
export function amountCellText(money: string): string {
  return isZeroMoney(money) ? NO_AMOUNT_TEXT : money;
}
