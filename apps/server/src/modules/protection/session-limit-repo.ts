import type { Sql } from '../../db/database.ts';
import type { LimitState } from './limit-changes.ts';
import { isoOrNull as iso, msOrNull as ms, type Moment } from './moments.ts';

type SessionLimitRow = {
  session_minutes: number | null;
  session_pending_minutes: number | null;
  session_pending_requested_at: Moment;
};

/** The player's session limit in minutes (docs/decisions/0235), with its pending change. */
export async function readSessionLimit(sql: Sql, playerId: string): Promise<LimitState<number>> {
  const [row] = await sql.query<SessionLimitRow>(
    `SELECT session_minutes, session_pending_minutes, session_pending_requested_at
       FROM player_protection WHERE player_id = $1`,
    [playerId],
  );
  const requestedAtMs = ms(row?.session_pending_requested_at ?? null);
  return {
    value: row?.session_minutes ?? null,
    pending: requestedAtMs === null ? null : { value: row?.session_pending_minutes ?? null, requestedAtMs },
  };
}

/** Stores it; the player's protection row exists and is locked (lockBreaks). */
export async function saveSessionLimit(sql: Sql, playerId: string, state: LimitState<number>): Promise<void> {
  await sql.query(
    `UPDATE player_protection SET session_minutes = $2, session_pending_minutes = $3,
            session_pending_requested_at = $4
      WHERE player_id = $1`,
    [playerId, state.value, state.pending?.value ?? null, iso(state.pending?.requestedAtMs ?? null)],
  );
}

/** A session reached the limit: sign-in is refused until `untilMs` (the end of the operator's day). */
export async function closeSessionsUntil(sql: Sql, playerId: string, untilMs: number): Promise<void> {
  await sql.query(
    `INSERT INTO player_protection (player_id, session_limit_until) VALUES ($1, $2)
     ON CONFLICT (player_id) DO UPDATE SET session_limit_until = greatest(player_protection.session_limit_until, $2)`,
    [playerId, iso(untilMs)],
  );
}
