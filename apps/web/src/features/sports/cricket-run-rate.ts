/**
 * Runs per over for the Live match panel, from the overs as cricket writes them ("12.3" is 12 overs and
 * 3 balls, so 75 balls, not 12.3 overs). Worked in whole balls and hundredths so the shown figure is
 * rounded once, half up, and never carries a float's error.
 */
const OVERS = /^(\d+)(?:\.([0-5]))?$/;

/** Legal balls bowled, or null when the overs are not in cricket's form. */
export function legalBalls(overs: string): number | null {
  const match = OVERS.exec(overs.trim());
  if (!match) return null;
  return Number(match[1]) * 6 + Number(match[2] ?? 0);
}

/** "8.94"; null before the first legal ball or when the overs cannot be read. */
export function runRate(runs: number, overs: string): string | null {
  const balls = legalBalls(overs);
  if (balls === null || balls === 0) return null;
  // runs × 600 / balls, rounded half up in integers.
  const hundredths = Math.floor((runs * 1200 + balls) / (2 * balls));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
