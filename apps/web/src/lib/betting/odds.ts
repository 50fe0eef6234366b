/**
 * Odds as integer hundredths (1.95 → 195). Prices arrive as JSON numbers or typed text with at most
 * two decimals, so they are read through their decimal text rather than multiplied as floats.
 */
const ODDS_TEXT = /^(\d{1,4})(?:\.(\d{1,2}))?$/;

/** `1.5` → 150; null for anything that is not a price above 1 with at most two decimals. */
export function oddsHundredthsOf(price: number | string): number | null {
  const match = ODDS_TEXT.exec(String(price).trim());
  if (!match) return null;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return hundredths > 100 ? hundredths : null;
}
