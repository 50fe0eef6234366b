import type { LimitKind, LimitPeriod } from '@backlay/contracts';
import { formatDateTime } from '../../lib/dates.ts';
import { amountText, limitName, minutesText, NO_LIMIT_TEXT } from './limit-text.ts';

/**
 * What the history holds before and after a limit's change: `{amount, pending}` for money,
 * `{minutes, pending}` for the session limit; `pending` is the waiting value, "none" for a waiting
 * removal, or null. When a session limit is reached the server records `{until}`: sign-in waits for it.
 */
type Standing = Readonly<Record<string, unknown>> | null;

// "limit loss day", "confirm limit loss day", "cancel limit change loss day".
const MONEY_ACTION = /^(?:(confirm) limit|(cancel) limit change|limit) (deposit|loss) (day|week|month)$/;
const SESSION_ACTION_TEXT: Readonly<Record<string, string>> = {
  'session limit': 'Changed the session limit',
  'confirm session limit': 'Confirmed the session limit change',
  'cancel session limit change': 'Cancelled the session limit change',
};
export const SESSION_LIMIT_REACHED = 'session limit reached';
const REMOVAL = 'none';

/** "Changed the daily loss limit", "Confirmed the session limit change"; null for other actions. */
export function limitActionText(action: string): string | null {
  if (action === SESSION_LIMIT_REACHED) return 'Session limit reached';
  const session = SESSION_ACTION_TEXT[action];
  if (session !== undefined) return session;
  const money = MONEY_ACTION.exec(action);
  if (!money) return null;
  const name = limitName(money[3] as LimitKind, money[4] as LimitPeriod).toLowerCase();
  if (money[1]) return `Confirmed the ${name} change`;
  return money[2] ? `Cancelled the ${name} change` : `Changed the ${name}`;
}

/** A change whose before and after are limits rather than breaks. */
export const isLimitChange = (action: string): boolean => limitActionText(action) !== null;

const valueText = (value: unknown, inMinutes: boolean): string => {
  if (inMinutes) return typeof value === 'number' ? minutesText(value) : NO_LIMIT_TEXT;
  return typeof value === 'string' ? amountText(value) : NO_LIMIT_TEXT;
};

const pendingPart = (pending: unknown, inMinutes: boolean): string | null => {
  if (pending === null || pending === undefined) return null;
  return pending === REMOVAL ? 'removal waiting' : `change to ${valueText(pending, inMinutes)} waiting`;
};

/** "50.00", "No limit", "50.00; change to 80.00 waiting", "60 minutes; removal waiting". */
function limitValueText(standing: Standing): string {
  if (standing === null) return NO_LIMIT_TEXT;
  const inMinutes = Object.hasOwn(standing, 'minutes');
  const now = valueText(standing[inMinutes ? 'minutes' : 'amount'], inMinutes);
  const pending = pendingPart(standing.pending, inMinutes);
  return pending === null ? now : `${now}; ${pending}`;
}

/** A reached session limit: signed in before it, sign-in refused until the end of the day after. */
function sessionEndText(standing: Standing): string {
  const until = standing?.until;
  return typeof until === 'string' ? `Sign-in refused until ${formatDateTime(until)}` : 'Signed in';
}

/** Before or after a limit's change, in words. */
export const limitStandingText = (action: string, standing: Standing): string =>
  action === SESSION_LIMIT_REACHED ? sessionEndText(standing) : limitValueText(standing);
