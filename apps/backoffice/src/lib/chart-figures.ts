/**
 * Figures for charts. Amounts arrive as decimal strings; a chart draws them as numbers, which is
 * exact enough for a drawing and never flows back into money.
 */

const amount = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const rate = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** An API amount ("1234.50") as a number to draw; 0 when unreadable. */
export function drawnAmount(text: string): number {
  const value = Number(text);
  return Number.isFinite(value) ? value : 0;
}

export const formatAmount = (value: number): string => amount.format(value);
export const formatRate = (value: number): string => rate.format(value);

/** The largest value and its index (the first of equals); null for no values. */
export function peakOf(values: readonly number[]): { value: number; index: number } | null {
  let peak: { value: number; index: number } | null = null;
  values.forEach((value, index) => {
    if (!peak || value > peak.value) peak = { value, index };
  });
  return peak;
}

/** "peak 3 at 14:05" style text for a chart's accessible name; "none" when every value is 0. */
export function peakText(
  values: readonly number[],
  labels: readonly string[],
  format: (value: number) => string,
) {
  const peak = peakOf(values);
  if (!peak || peak.value <= 0) return 'none';
  return `peak ${format(peak.value)} at ${labels[peak.index] ?? ''}`;
}

const DAY_MS = 86_400_000;

/**
 * Every day from `from` to `to` (inclusive, YYYY-MM-DD) with its value, "0.00" for a day with no row,
 * so a quiet day is drawn as one rather than left out. Rows outside the period are dropped.
 */
export function everyDay(
  from: string,
  to: string,
  rows: ReadonlyMap<string, string>,
): { day: string; value: string }[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return [];
  const days: { day: string; value: string }[] = [];
  for (let at = start; at <= end; at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    days.push({ day, value: rows.get(day) ?? '0.00' });
  }
  return days;
}
