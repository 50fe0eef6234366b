import { randomBytes } from 'node:crypto';
import type { Sql } from '../../../db/database.ts';
import { authTables, lockUser } from '../../auth/index.ts';

export type AppKeyRow = { appKey: string; name: string; createdAt: string };

type Row = { app_key: string; name: string; created_at: Date | string };
const toKey = (row: Row): AppKeyRow => ({
  appKey: row.app_key,
  name: row.name,
  createdAt: new Date(row.created_at).toISOString(),
});

/** 96 random bits, 16 URL-safe characters: the length of Betfair's own app keys. */
export const newAppKey = (): string => randomBytes(12).toString('base64url');

export async function listLiveKeys(sql: Sql, playerId: string): Promise<AppKeyRow[]> {
  const rows = await sql.query<Row>(
    `SELECT app_key, name, created_at FROM app_keys
      WHERE player_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, app_key`,
    [playerId],
  );
  return rows.map(toKey);
}

/**
 * Inside the caller's transaction. The player's row is locked first so two concurrent creations cannot
 * both see room for one more key. Answers undefined when the player already holds `maxKeys`.
 */
export async function insertKey(
  tx: Sql,
  playerId: string,
  name: string,
  maxKeys: number,
): Promise<AppKeyRow | undefined> {
  await lockUser(tx, playerId);
  const [count] = await tx.query<{ live: number | string }>(
    'SELECT count(*) AS live FROM app_keys WHERE player_id = $1 AND revoked_at IS NULL',
    [playerId],
  );
  if (Number(count?.live ?? 0) >= maxKeys) return undefined;
  const [row] = await tx.query<Row>(
    `INSERT INTO app_keys (app_key, player_id, name) VALUES ($1, $2, $3)
     RETURNING app_key, name, created_at`,
    [newAppKey(), playerId, name],
  );
  return row && toKey(row);
}

/** Answers whether a live key of this player was revoked. */
export async function revokeKey(sql: Sql, playerId: string, appKey: string): Promise<boolean> {
  const rows = await sql.query<{ app_key: string }>(
    `UPDATE app_keys SET revoked_at = now()
      WHERE app_key = $1 AND player_id = $2 AND revoked_at IS NULL RETURNING app_key`,
    [appKey, playerId],
  );
  return rows.length > 0;
}

/**
 * The keys that open the API: live, of a player whose API access is on. A suspended player's keys stay:
 * suspension ends their sessions and refuses their sign-in (SUSPENDED), on every instance at once.
 */
const USABLE = `SELECT k.app_key, k.player_id FROM app_keys k JOIN ${authTables.users} u ON u.id = k.player_id
                 WHERE k.revoked_at IS NULL AND NOT u.api_access_disabled`;

export type UsableKey = { appKey: string; playerId: string };
type UsableRow = { app_key: string; player_id: string };
const toUsable = (row: UsableRow): UsableKey => ({ appKey: row.app_key, playerId: row.player_id });

export async function readUsableKeys(sql: Sql): Promise<UsableKey[]> {
  return (await sql.query<UsableRow>(USABLE)).map(toUsable);
}

export async function readUsableKeysOf(sql: Sql, playerId: string): Promise<UsableKey[]> {
  return (await sql.query<UsableRow>(`${USABLE} AND k.player_id = $1`, [playerId])).map(toUsable);
}
