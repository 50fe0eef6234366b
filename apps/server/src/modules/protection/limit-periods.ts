import type { LimitPeriod } from '@backlay/contracts';

/**
 * Where a limit's period begins and ends in the operator's time zone (`TIME_ZONE`, default UTC;
 * docs/decisions/0235): a day from midnight, a week from Monday, a month from the 1st. Pure: the
 * instant and the zone come in, instants (ms) come out, daylight-saving days included.
 */
export type PeriodBounds = { startMs: number; endMs: number };

type LocalDate = { year: number; month: number; day: number; weekday: number };

const WEEKDAYS: Readonly<Record<string, number>> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is one this runtime knows (an IANA name such as `Asia/Kolkata`, or `UTC`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function partsAt(ms: number, timeZone: string) {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) parts[part.type] = part.value;
  return parts;
}

/** How far the zone's wall clock is ahead of UTC at `ms`. */
function offsetMs(ms: number, timeZone: string): number {
  const p = partsAt(ms, timeZone);
  const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return wall - Math.floor(ms / 1000) * 1000;
}

function localDate(ms: number, timeZone: string): LocalDate {
  const p = partsAt(ms, timeZone);
  return { year: +p.year!, month: +p.month!, day: +p.day!, weekday: WEEKDAYS[p.weekday!] ?? 0 };
}

/** The instant the zone's clock shows midnight starting the given date (month and day may overflow). */
function midnightMs(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  const guess = wall - offsetMs(wall, timeZone);
  // Once more at the guess: the offset may differ on the other side of a change of clocks.
  return wall - offsetMs(guess, timeZone);
}

export function periodBounds(period: LimitPeriod, nowMs: number, timeZone: string): PeriodBounds {
  const { year, month, day, weekday } = localDate(nowMs, timeZone);
  switch (period) {
    case 'day':
      return {
        startMs: midnightMs(year, month, day, timeZone),
        endMs: midnightMs(year, month, day + 1, timeZone),
      };
    case 'week':
      return {
        startMs: midnightMs(year, month, day - weekday, timeZone),
        endMs: midnightMs(year, month, day - weekday + 7, timeZone),
      };
    case 'month':
      return {
        startMs: midnightMs(year, month, 1, timeZone),
        endMs: midnightMs(year, month + 1, 1, timeZone),
      };
  }
}

/** The next moment any period begins (the next midnight): when loss limits' floors are set anew. */
export const nextPeriodStartMs = (nowMs: number, timeZone: string) =>
  periodBounds('day', nowMs, timeZone).endMs;
