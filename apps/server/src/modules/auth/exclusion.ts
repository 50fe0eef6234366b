import type { Sql } from '../../db/database.ts';
import { reject, type Rejection } from '../../platform/rejections.ts';
import { readableTime } from '../admission/index.ts';

/**
 * Sign-in during a self-exclusion answers 403 SELF_EXCLUDED with its end (docs/decisions/0232): the
 * player_protection row is the protection module's, read here so that signing in needs no other module.
 */
export async function exclusionRefusal(sql: Sql, userId: string, nowMs: number): Promise<Rejection | null> {
  const [row] = await sql.query<{ excluded_until: Date | string | null }>(
    'SELECT excluded_until FROM player_protection WHERE player_id = $1',
    [userId],
  );
  const untilMs = row?.excluded_until == null ? null : new Date(row.excluded_until).getTime();
  if (untilMs === null || untilMs <= nowMs) return null;
  return reject(
    'forbidden',
    'SELF_EXCLUDED',
    `You have excluded yourself from play until ${readableTime(untilMs)}.`,
  );
}
