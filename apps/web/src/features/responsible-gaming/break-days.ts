import { MAX_TIME_OUT_DAYS } from '@backlay/contracts';

/** The lengths offered with one press; any other whole number of days up to the maximum is typed. */
export const BREAK_CHOICES = [1, 7, 30] as const;
export const OTHER_CHOICE = 'other';
export type BreakChoice = (typeof BREAK_CHOICES)[number] | typeof OTHER_CHOICE;

export const DAYS_RULE_TEXT = `Enter a whole number of days from 1 to ${MAX_TIME_OUT_DAYS}.`;

export const daysText = (days: number): string => (days === 1 ? '1 day' : `${days} days`);

export type DaysResult = { ok: true; days: number } | { ok: false; error: string };

/** The break's length in whole days, from a choice or the typed number (digits only, 1 to 42). */
export function breakDays(choice: BreakChoice, typed: string): DaysResult {
  if (choice !== OTHER_CHOICE) return { ok: true, days: choice };
  const text = typed.trim();
  if (!/^\d{1,3}$/.test(text)) return { ok: false, error: DAYS_RULE_TEXT };
  const days = Number(text);
  return days >= 1 && days <= MAX_TIME_OUT_DAYS ? { ok: true, days } : { ok: false, error: DAYS_RULE_TEXT };
}

/** The option that shows a length again: its own button, or Other with the number typed. */
export function choiceOf(days: number): BreakChoice {
  return BREAK_CHOICES.find((offered) => offered === days) ?? OTHER_CHOICE;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a break taken now would end, shown before the player confirms it. */
export function breakEnd(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}
