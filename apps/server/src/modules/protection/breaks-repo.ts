import type { Sql } from '../../db/database.ts';
import { BREAK_COLUMNS, breaksOf, type Breaks, type BreaksRow } from '../admission/index.ts';

import { isoOrNull as iso, type Moment } from './moments.ts';

export type { Breaks };
export { iso };

/** Locks the player's row (made on first use), so two changes of one player apply one after the other. */
export async function lockBreaks(tx: Sql, playerId: string): Promise<Breaks> {
  await tx.query('INSERT INTO player_protection (player_id) VALUES ($1) ON CONFLICT DO NOTHING', [playerId]);
  const [row] = await tx.query<BreaksRow>(
    `SELECT ${BREAK_COLUMNS} FROM player_protection WHERE player_id = $1 FOR UPDATE`,
    [playerId],
  );
  return breaksOf(row);
}

export async function saveBreaks(tx: Sql, playerId: string, breaks: Breaks): Promise<void> {
  await tx.query(
    `UPDATE player_protection SET timed_out_until = $2, excluded_until = $3, reopen_requested_at = $4
      WHERE player_id = $1`,
    [playerId, iso(breaks.timedOutUntilMs), iso(breaks.excludedUntilMs), iso(breaks.reopenRequestedAtMs)],
  );
}

export type HistoryEntry = { actor: string; action: string; before: object | null; after: object | null };

/** Appends to the player's protection history (append-only: a trigger refuses updates and deletes). */
export async function recordChange(
  tx: Sql,
  playerId: string,
  entry: HistoryEntry,
  atMs: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO protection_history (player_id, at, actor, action, before, after)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      playerId,
      iso(atMs),
      entry.actor,
      entry.action,
      JSON.stringify(entry.before),
      JSON.stringify(entry.after),
    ],
  );
}

type HistoryRow = { at: Moment; action: string; before: unknown; after: unknown };

const objectOrNull = (value: unknown) =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;

/** The player's history, newest first (the latest 200). */
export async function readHistory(sql: Sql, playerId: string) {
  const rows = await sql.query<HistoryRow>(
    `SELECT at, action, before, after FROM protection_history WHERE player_id = $1 ORDER BY id DESC LIMIT 200`,
    [playerId],
  );
  return rows.map((row) => ({
    at: new Date(row.at ?? 0).toISOString(),
    action: row.action,
    before: objectOrNull(row.before),
    after: objectOrNull(row.after),
  }));
}
