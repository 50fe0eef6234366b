import type { Sql } from '../../db/database.ts';
import { reject, type Rejection } from '../../platform/rejections.ts';
import { authTables } from '../auth/index.ts';

export type LockKind = 'login_locked' | 'bet_locked';

/** Sets an agent's own lock; answers the value it had. */
export async function setAgentLock(
  tx: Sql,
  id: string,
  column: LockKind,
  locked: boolean,
): Promise<boolean | undefined> {
  const rows = await tx.query<{ before: boolean }>(
    `UPDATE agents a SET ${column} = $2 FROM (SELECT user_id, ${column} FROM agents WHERE user_id = $1 FOR UPDATE) old
      WHERE a.user_id = old.user_id RETURNING old.${column} AS before`,
    [id, locked],
  );
  return rows[0]?.before;
}

/** The account and every agent and player below it: at most six levels of agents and their players. */
export async function subtreeUsers(sql: Sql, id: string): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `WITH RECURSIVE down (id) AS (
       SELECT $1::uuid
       UNION ALL
       SELECT a.user_id FROM agents a JOIN down ON a.parent_id = down.id
     )
     SELECT id FROM down
     UNION ALL
     SELECT ap.player_id FROM agent_players ap JOIN down ON ap.parent_id = down.id`,
    [id],
  );
  return rows.map((row) => row.id);
}

/** Revokes every open session of these users in one statement. */
export async function revokeSessionsOf(tx: Sql, userIds: readonly string[]): Promise<void> {
  await tx.query(
    `UPDATE ${authTables.sessions} SET revoked_at = now() WHERE user_id = ANY($1::uuid[]) AND revoked_at IS NULL`,
    [userIds],
  );
}

/**
 * Sign-in of an agent, or a player under agents, while the agent or one above it holds a login lock
 * (docs/decisions/0290): 403 ACCOUNT_LOCKED. One walk up at most six rows; staff and the house's
 * players have none.
 */
export async function treeLoginRefusal(sql: Sql, userId: string): Promise<Rejection | null> {
  const rows = await sql.query<{ locked: boolean | null }>(
    `WITH RECURSIVE up (id, parent_id, locked) AS (
       SELECT a.user_id, a.parent_id, a.login_locked FROM agents a
        WHERE a.user_id = coalesce((SELECT parent_id FROM agent_players WHERE player_id = $1), $1)
       UNION ALL
       SELECT a.user_id, a.parent_id, a.login_locked FROM agents a JOIN up ON a.user_id = up.parent_id
     )
     SELECT bool_or(locked) AS locked FROM up`,
    [userId],
  );
  return rows[0]?.locked === true
    ? reject('forbidden', 'ACCOUNT_LOCKED', 'Sign-in is locked on this account. Please contact your agent.')
    : null;
}
