import type { Sql } from '../../db/database.ts';
import { ok, type Result } from '../../platform/rejections.ts';
import { resolveDayRange } from './date-range.ts';

/** A period of the console's reports: instants (ms), and the operator's calendar days it covers. */
export type ReportWindow = { from: string; to: string; startMs: number; endMs: number };

const DAY_MS = 86_400_000;

/**
 * The instants the operator's days begin, in `timeZone` (TIME_ZONE, docs/decisions/0235), as the
 * database's own zone rules place them, daylight-saving days included.
 */
async function zoneMidnightsMs(sql: Sql, dates: string[], timeZone: string): Promise<number[]> {
  const rows = await sql.query<{ ms: string }>(
    `SELECT (extract(epoch FROM (d::date::timestamp AT TIME ZONE $2)) * 1000)::bigint::text AS ms
       FROM unnest($1::text[]) WITH ORDINALITY AS days(d, n) ORDER BY n`,
    [dates, timeZone],
  );
  return rows.map((row) => Number(row.ms));
}

/**
 * `from`..`to` inclusive as the operator's days: checked as the player reports check them (real dates,
 * from ≤ to, at most MAX_RANGE_DAYS), then bounded by the zone's midnights.
 */
export async function reportWindow(
  sql: Sql,
  query: { from: string; to: string },
  timeZone: string,
  nowMs: number,
): Promise<Result<ReportWindow>> {
  const range = resolveDayRange(query.from, query.to, nowMs, 0);
  if (!range.ok) return range;
  const { from, to } = range.value;
  const next = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  const [startMs, endMs] = await zoneMidnightsMs(sql, [from, next], timeZone);
  return ok({ from, to, startMs: startMs!, endMs: endMs! });
}

/** The operator's day so far: from its midnight to now. */
export async function todayWindow(sql: Sql, nowMs: number, timeZone: string): Promise<ReportWindow> {
  const [row] = await sql.query<{ day: string }>(
    `SELECT to_char($1::timestamptz AT TIME ZONE $2, 'YYYY-MM-DD') AS day`,
    [new Date(nowMs).toISOString(), timeZone],
  );
  const day = row!.day;
  const [startMs] = await zoneMidnightsMs(sql, [day], timeZone);
  return { from: day, to: day, startMs: startMs!, endMs: nowMs + 1 };
}
