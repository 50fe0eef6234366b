import { EARLIEST_REPORT_DATE, LATEST_REPORT_DATE } from '@backlay/contracts';
import { ok, reject, type Rejection, type Result } from '../../platform/rejections.ts';

const DAY_MS = 86_400_000;
export const DEFAULT_RANGE_DAYS = 7;
export const MAX_RANGE_DAYS = 366;

/** "2024-05-31" → its UTC midnight, or null for a date that does not exist (2024-02-30). */
function parseDay(text: string): number | null {
  const [year, month, day] = text.split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) return null;
  const ms = Date.UTC(year, month - 1, day);
  return new Date(ms).toISOString().slice(0, 10) === text ? ms : null;
}

const invalidDate = (message: string) => reject('invalid', 'INVALID_DATE', message);
const invalidRange = (message: string) => reject('invalid', 'INVALID_DATE_RANGE', message);

const dayStartMs = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const formatDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A client's day, checked: a real calendar date inside the supported years. Outside them a timestamp
 * like 10000-01-01 cannot even be written for the database, so it is refused here with the field named.
 */
function clientDay(field: 'from' | 'to', text: string): number | Rejection {
  const ms = parseDay(text);
  if (ms === null) return invalidDate(`Invalid ${field}: ${text} is not a calendar date.`);
  if (text < EARLIEST_REPORT_DATE || text > LATEST_REPORT_DATE) {
    const range = `${EARLIEST_REPORT_DATE} to ${LATEST_REPORT_DATE}`;
    return invalidDate(`Invalid ${field}: ${text} is outside the supported dates ${range}.`);
  }
  return ms;
}

export type DayRange = { from: string; to: string; startMs: number; endExclusiveMs: number };

/**
 * Inclusive calendar days in the player's zone (`tzOffsetMinutes` = UTC minus local, as the browser's
 * getTimezoneOffset()). Defaults: `to` = the player's today, `from` = six days before (the last 7 days).
 * Refuses impossible dates, dates outside the supported years, from after to, and ranges over
 * MAX_RANGE_DAYS.
 */
export function resolveDayRange(
  from: string | undefined,
  to: string | undefined,
  nowMs: number,
  tzOffsetMinutes = 0,
): Result<DayRange> {
  const offsetMs = tzOffsetMinutes * 60_000;
  const toMs = to === undefined ? dayStartMs(nowMs - offsetMs) : clientDay('to', to);
  if (typeof toMs !== 'number') return toMs;
  const fromMs = from === undefined ? toMs - (DEFAULT_RANGE_DAYS - 1) * DAY_MS : clientDay('from', from);
  if (typeof fromMs !== 'number') return fromMs;
  if (fromMs > toMs) return invalidRange('The from date must not be after the to date.');
  if ((toMs - fromMs) / DAY_MS + 1 > MAX_RANGE_DAYS) {
    return invalidRange(`The date range may span at most ${MAX_RANGE_DAYS} days.`);
  }
  return ok({
    from: formatDay(fromMs),
    to: formatDay(toMs),
    startMs: fromMs + offsetMs,
    endExclusiveMs: toMs + DAY_MS + offsetMs,
  });
}
