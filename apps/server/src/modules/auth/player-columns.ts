import type { PlayerStatus } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';

/** The columns of a player's row that the operator's staff change. */
type PlayerColumns = { status: PlayerStatus; bet_locked: boolean; max_stake_minor: string | bigint | null };

/**
 * Sets one column of a player's row, locked while it changes; answers the value it had (undefined: no
 * player has this id), for the audit's before.
 */
export async function setPlayerColumn<Column extends keyof PlayerColumns>(
  sql: Sql,
  id: string,
  column: Column,
  value: PlayerColumns[Column],
): Promise<{ before: PlayerColumns[Column] } | undefined> {
  const rows = await sql.query<{ before: PlayerColumns[Column] }>(
    `UPDATE users u SET ${column} = $2 FROM (SELECT id, ${column} FROM users WHERE id = $1 FOR UPDATE) old
      WHERE u.id = old.id AND u.role = 'player' RETURNING old.${column} AS before`,
    [id, typeof value === 'bigint' ? value.toString() : value],
  );
  return rows[0];
}

/** Switches a player's trading API access; answers the setting before, or undefined for no such player. */
export async function setApiAccess(
  tx: Sql,
  playerId: string,
  enabled: boolean,
): Promise<{ enabledBefore: boolean } | undefined> {
  const [row] = await tx.query<{ disabled: boolean }>(
    `UPDATE users u SET api_access_disabled = $2
       FROM (SELECT id, api_access_disabled AS disabled FROM users WHERE id = $1 AND role = 'player' FOR UPDATE) old
      WHERE u.id = old.id RETURNING old.disabled`,
    [playerId, !enabled],
  );
  return row && { enabledBefore: !row.disabled };
}

/** Locks an account's row inside the caller's transaction, so that changes judged on it take turns. */
export async function lockUser(tx: Sql, id: string): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id]);
}
