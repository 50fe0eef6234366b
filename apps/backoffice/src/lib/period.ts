/** A report's period: inclusive dates like 2024-05-31. */
export type Period = { from: string; to: string };

/** The last `days` days up to today, as the report's dates (the browser's calendar). */
export function lastDays(days: number, today = new Date()): Period {
  const day = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const from = new Date(today);
  from.setDate(from.getDate() - (days - 1));
  return { from: day(from), to: day(today) };
}
