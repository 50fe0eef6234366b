import type { ExclusionPeriod } from './protection-text.ts';

export const CHOOSE_PERIOD_TEXT = 'Choose how long to exclude yourself.';
export const PASSWORD_REQUIRED_TEXT = 'Enter your password to confirm.';

export interface ExclusionErrors {
  period?: string;
  password?: string;
}

/**
 * No period is chosen for the player: a self-exclusion is long and cannot be undone, so the length
 * is always their own choice. The password is checked by the server; here only that one was typed.
 */
export function exclusionErrors(period: ExclusionPeriod | null, password: string): ExclusionErrors {
  return {
    ...(period === null ? { period: CHOOSE_PERIOD_TEXT } : {}),
    ...(password === '' ? { password: PASSWORD_REQUIRED_TEXT } : {}),
  };
}
