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
