import type { Sql } from '../../db/database.ts';

/**
 * The scope's position, its row locked until the batch commits (created at 0 on first use), so two
 * instances never share the same rounds: the second waits, then reads the moved position.
 */
export async function lockCursor(sql: Sql, scope: string): Promise<bigint> {
  await sql.query(
    'INSERT INTO round_share_cursors (scope, position) VALUES ($1, 0) ON CONFLICT (scope) DO NOTHING',
    [scope],
  );
  const [row] = await sql.query<{ position: string }>(
    'SELECT position::text AS position FROM round_share_cursors WHERE scope = $1 FOR UPDATE',
    [scope],
  );
  return BigInt(row!.position);
}

export async function moveCursor(sql: Sql, scope: string, position: bigint): Promise<void> {
  await sql.query('UPDATE round_share_cursors SET position = $2, moved_at = now() WHERE scope = $1', [
    scope,
    position.toString(),
  ]);
}
