import { MAX_SESSION_MINUTES } from '@backlay/contracts';

/**
 * Checks of what the player typed, before it is sent. The server parses the amount exactly and is the
 * judge of every rule; these catch the plain mistakes (a comma, three decimals, zero) with a message
 * beside the field instead of a round trip.
 */
export const AMOUNT_RULE_TEXT = 'Enter an amount above 0 with at most two decimals, like 50 or 50.50.';
export const MINUTES_RULE_TEXT = `Enter a whole number of minutes from 1 to ${MAX_SESSION_MINUTES}.`;

// Twelve whole digits is far above any limit the server takes; longer text is a typing slip.
const AMOUNT_TEXT = /^\d{1,12}(\.\d{1,2})?$/;
const MINUTES_TEXT = /^\d{1,4}$/;

/** The rule an amount breaks, or null when it may be sent (trimmed) as the new limit. */
export function limitAmountError(typed: string): string | null {
  const text = typed.trim();
  const positive = /[1-9]/.test(text);
  return AMOUNT_TEXT.test(text) && positive ? null : AMOUNT_RULE_TEXT;
}

/** The rule a session length breaks, or null when it is a whole number of minutes in range. */
export function sessionMinutesError(typed: string): string | null {
  const text = typed.trim();
  if (!MINUTES_TEXT.test(text)) return MINUTES_RULE_TEXT;
  const minutes = Number(text);
  return minutes >= 1 && minutes <= MAX_SESSION_MINUTES ? null : MINUTES_RULE_TEXT;
}
