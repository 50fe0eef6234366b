import type { ProtectionHistory, SelfExclusionRequest } from '@backlay/contracts';
import { ApiError } from '@backlay/front-kit/api-error';
import { formatDateTime } from '../../lib/dates.ts';
import { isLimitChange, limitActionText, limitStandingText } from './limit-history-text.ts';
import {
  REALITY_CHECK_ACTION,
  REALITY_CHECK_ACTION_TEXT,
  realityCheckStandingText,
} from './reality-check-text.ts';

export type HistoryItem = ProtectionHistory['items'][number];
type Standing = HistoryItem['after'];
export type ExclusionPeriod = SelfExclusionRequest['period'];

export const PERIOD_TEXT: Readonly<Record<ExclusionPeriod, string>> = {
  '6m': '6 months',
  '1y': '1 year',
  '5y': '5 years',
};

const isPeriod = (value: string): value is ExclusionPeriod => Object.hasOwn(PERIOD_TEXT, value);

/** The player's words for a recorded change; an action the page does not know shows as sent. */
export function actionText(action: string): string {
  const limit = limitActionText(action);
  if (limit !== null) return limit;
  if (action === REALITY_CHECK_ACTION) return REALITY_CHECK_ACTION_TEXT;
  if (action === 'time-out') return 'Took a break';
  if (action === 'reopen request') return 'Asked to reopen the account';
  const period = action.replace(/^self-exclusion /, '');
  return action !== period && isPeriod(period) ? `Self-exclusion for ${PERIOD_TEXT[period]}` : action;
}

const dateField = (standing: Standing, key: string): string | null => {
  const value = standing?.[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** Before or after a change, in words: every break it held, or "No break". */
export function standingText(standing: Standing): string {
  const parts: string[] = [];
  const timedOut = dateField(standing, 'timedOutUntil');
  const excluded = dateField(standing, 'excludedUntil');
  const reopen = dateField(standing, 'reopenRequestedAt');
  if (timedOut) parts.push(`Break until ${formatDateTime(timedOut)}`);
  if (excluded) parts.push(`Self-excluded until ${formatDateTime(excluded)}`);
  if (reopen) parts.push(`Reopening asked ${formatDateTime(reopen)}`);
  return parts.length === 0 ? 'No break' : parts.join('; ');
}

/** Before or after any recorded change: a limit's amount, the reality check's interval, or the breaks held. */
export function changeStandingText(action: string, standing: Standing): string {
  if (action === REALITY_CHECK_ACTION) return realityCheckStandingText(standing);
  return isLimitChange(action) ? limitStandingText(action, standing) : standingText(standing);
}

/**
 * The end of the break running now, read from the newest change that recorded the breaks (changes to
 * limits and the reality check record only themselves); null when none runs.
 */
export function runningBreakEnd(items: readonly HistoryItem[], now: Date): string | null {
  const newest = items.find((item) => item.after !== null && Object.hasOwn(item.after, 'timedOutUntil'));
  const until = newest ? dateField(newest.after, 'timedOutUntil') : null;
  return until !== null && new Date(until).getTime() > now.getTime() ? until : null;
}

export const breakRunningText = (until: string): string =>
  `You are on a break until ${formatDateTime(until)}. Every bet is refused until then.`;

export const breakTakenText = (until: string): string =>
  `Your break has started. It ends on ${formatDateTime(until)}.`;

export const excludedNoticeText = (until: string): string =>
  `You have excluded yourself from play until ${formatDateTime(until)}. You have been signed out everywhere.`;

export const BREAK_FAILED_TEXT = 'The break could not be started. Please try again.';
export const EXCLUSION_FAILED_TEXT = 'The self-exclusion could not be set. Please try again.';
export const HISTORY_FAILED_TEXT = 'The history could not be loaded. Please try again.';

/** The server's words for a refusal it explains (wrong password, a bad length); else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 && error.serverMessage
    ? error.serverMessage
    : fallback;
}
