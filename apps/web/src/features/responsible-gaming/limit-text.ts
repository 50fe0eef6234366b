import type { Limit, LimitKind, LimitPeriod, SessionLimitResponse } from '@backlay/contracts';
import { formatDateTime } from '../../lib/dates.ts';
import { formatMoney } from '@backlay/front-kit/money';

export type PendingLimit = NonNullable<Limit['pending']>;
export type PendingSessionLimit = NonNullable<SessionLimitResponse['sessionPending']>;

export const LIMITS_RULE_TEXT =
  'A lower limit, or a new one, applies at once. A higher limit, or removing one, waits 24 hours and ' +
  'then needs your confirmation here; until you confirm it, the old limit still applies.';

export const LIMIT_KIND_TEXT: Readonly<Record<LimitKind, string>> = { deposit: 'deposit', loss: 'loss' };
export const LIMIT_PERIOD_TEXT: Readonly<Record<LimitPeriod, string>> = {
  day: 'Daily',
  week: 'Weekly',
  month: 'Monthly',
};

export const NO_LIMIT_TEXT = 'No limit';
export const LIMITS_FAILED_TEXT = 'Your limits could not be loaded. Please try again.';
export const LIMIT_CHANGE_FAILED_TEXT = 'The limit could not be changed. Please try again.';

/** "Daily loss limit": how a limit is named in labels, messages and the history. */
export const limitName = (kind: LimitKind, period: LimitPeriod): string =>
  `${LIMIT_PERIOD_TEXT[period]} ${LIMIT_KIND_TEXT[kind]} limit`;

export const amountText = (amount: string | null): string =>
  amount === null ? NO_LIMIT_TEXT : formatMoney(amount);

export const minutesText = (minutes: number): string => (minutes === 1 ? '1 minute' : `${minutes} minutes`);

export const sessionLimitText = (minutes: number | null): string =>
  minutes === null ? NO_LIMIT_TEXT : minutesText(minutes);

export const usedText = (used: string, amount: string | null): string =>
  amount === null ? `Used ${formatMoney(used)}` : `Used ${formatMoney(used)} of ${formatMoney(amount)}`;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * "Resets Mon 30 Nov, 00:00" in the player's local time: short, since a period ends within a month.
 * Built by hand, as `formatDateTime` is, because `toLocaleString` differs between browsers.
 */
export function resetText(resetsAt: string): string {
  const date = new Date(resetsAt);
  if (Number.isNaN(date.getTime())) return `Resets ${resetsAt}`;
  const day = `${WEEKDAYS[date.getDay()]} ${date.getDate()} ${MONTHS[date.getMonth()]}`;
  return `Resets ${day}, ${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

const waitingText = (change: string, confirmableAt: string): string =>
  `${change} can be confirmed from ${formatDateTime(confirmableAt)}.`;

/** "Change to 80.00 can be confirmed from …", or "Removal can be confirmed from …". */
export const pendingText = (pending: PendingLimit): string =>
  waitingText(
    pending.amount === null ? 'Removal' : `Change to ${formatMoney(pending.amount)}`,
    pending.confirmableAt,
  );

export const sessionPendingText = (pending: PendingSessionLimit): string =>
  waitingText(
    pending.minutes === null ? 'Removal' : `Change to ${minutesText(pending.minutes)}`,
    pending.confirmableAt,
  );

const WAITS_TEXT = 'Your change waits 24 hours.';

/** What a change left, said after the server answered: the limit now, or the change that waits. */
export function limitOutcomeText(limit: Limit): string {
  const name = limitName(limit.kind, limit.period);
  if (limit.pending) return `${WAITS_TEXT} ${pendingText(limit.pending)}`;
  return limit.amount === null ? `${name} removed.` : `${name} is now ${formatMoney(limit.amount)}.`;
}

export function sessionOutcomeText({ sessionMinutes, sessionPending }: SessionLimitResponse): string {
  if (sessionPending) return `${WAITS_TEXT} ${sessionPendingText(sessionPending)}`;
  return sessionMinutes === null
    ? 'Session limit removed.'
    : `Session limit is now ${minutesText(sessionMinutes)}.`;
}

/** A pending change may be confirmed from its time on; the server checks again when asked. */
export function isConfirmable(confirmableAt: string, nowMs: number): boolean {
  const at = Date.parse(confirmableAt);
  return !Number.isNaN(at) && nowMs >= at;
}
