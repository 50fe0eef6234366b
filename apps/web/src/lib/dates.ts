/** `YYYY-MM-DD` in the player's local time zone (the value format of `<input type="date">`). */
export function toIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

export const STATEMENT_DEFAULT_DAYS = 7;

/** The last `days` days including today: today and the six days before it for 7. */
export function lastDaysRange(
  today: Date,
  days: number = STATEMENT_DEFAULT_DAYS,
): { from: string; to: string } {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: toIsoDate(start), to: toIsoDate(today) };
}

/** A range is valid when both ends are set and the start is not after the end. */
export function isValidRange(from: string, to: string): boolean {
  return from !== '' && to !== '' && from <= to;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * The one date-time format of the portal, as the spec writes dates: `22/11/2026 10:15:03 AM`
 * (day/month/year, 12-hour clock) in the player's local time. Built by hand because `toLocaleString`
 * differs between browsers. Text that is not a date is shown as sent.
 */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const day = `${pad2(date.getDate())}/${pad2(date.getMonth() + 1)}/${date.getFullYear()}`;
  const time = `${pad2(hour12)}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`;
  return `${day} ${time} ${hours < 12 ? 'AM' : 'PM'}`;
}
