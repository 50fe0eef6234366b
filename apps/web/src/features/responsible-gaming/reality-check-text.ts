import { REALITY_CHECK_MINUTES } from '@backlay/contracts';
import { minutesText } from './limit-text.ts';

export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

export const REALITY_CHECK_FAILED_TEXT = 'The reality check could not be changed. Please try again.';

/** "Off" for 0, else "15 minutes": the words of each offered interval. */
export const intervalText = (minutes: RealityCheckMinutes): string =>
  minutes === 0 ? 'Off' : minutesText(minutes);

export const REALITY_CHECK_CHOICES = REALITY_CHECK_MINUTES.map((minutes) => ({
  value: minutes,
  label: intervalText(minutes),
}));

/** Said once the server has kept the interval. */
export const realityCheckSavedText = (minutes: RealityCheckMinutes): string =>
  minutes === 0 ? 'Reality checks are off.' : `You will see a reality check every ${minutesText(minutes)}.`;

/** The history's record of a new interval: `{minutes}` before and after. */
export const REALITY_CHECK_ACTION = 'reality check';
export const REALITY_CHECK_ACTION_TEXT = 'Changed the reality check';

export function realityCheckStandingText(standing: Readonly<Record<string, unknown>> | null): string {
  const minutes = standing?.minutes;
  if (typeof minutes !== 'number') return 'Not set';
  return minutes === 0 ? 'Off' : `Every ${minutesText(minutes)}`;
}
