import type { Sql } from '../../db/database.ts';
import { reject, type Rejection } from '../../platform/rejections.ts';
import { readableTime } from '../admission/index.ts';

type Moment = Date | string | null;
const msOf = (moment: Moment | undefined) => (moment == null ? null : new Date(moment).getTime());

/**
 * Sign-in during a self-exclusion answers 403 SELF_EXCLUDED with its end (docs/decisions/0232), and on
 * a day a session reached the player's session limit 403 SESSION_LIMIT_REACHED until the day ends
 * (0235). Auth asks it through the app's hooks (docs/decisions/0266).
 */
export async function signInRefusal(sql: Sql, userId: string, nowMs: number): Promise<Rejection | null> {
  const [row] = await sql.query<{ excluded_until: Moment; session_limit_until: Moment }>(
    'SELECT excluded_until, session_limit_until FROM player_protection WHERE player_id = $1',
    [userId],
  );
  const excludedUntilMs = msOf(row?.excluded_until);
  if (excludedUntilMs !== null && excludedUntilMs > nowMs)
    return reject(
      'forbidden',
      'SELF_EXCLUDED',
      `You have excluded yourself from play until ${readableTime(excludedUntilMs)}.`,
    );
  const sessionsUntilMs = msOf(row?.session_limit_until);
  if (sessionsUntilMs !== null && sessionsUntilMs > nowMs)
    return reject(
      'forbidden',
      'SESSION_LIMIT_REACHED',
      `You reached your session limit today. You can sign in again from ${readableTime(sessionsUntilMs)}.`,
    );
  return null;
}
