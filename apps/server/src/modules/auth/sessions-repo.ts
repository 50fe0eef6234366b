import type { Sql } from '../../db/database.ts';
import { hashToken, newToken } from './tokens.ts';
import type { UserRow } from './users-repo.ts';

export async function createSession(sql: Sql, userId: string, ttlHours: number): Promise<string> {
  const token = newToken();
  await sql.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`,
    [hashToken(token), userId, ttlHours],
  );
  return token;
}

/** The active user behind a token: unexpired, unrevoked, and not suspended. */
export async function findSessionUser(sql: Sql, token: string): Promise<UserRow | undefined> {
  const rows = await sql.query<UserRow>(
    `SELECT u.id, u.unique_code, u.email, u.name, u.role, u.status, u.is_demo, u.password_hash
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.status = 'active'`,
    [hashToken(token)],
  );
  return rows[0];
}

export async function revokeSession(sql: Sql, token: string): Promise<void> {
  await sql.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [
    hashToken(token),
  ]);
}

export async function revokeAllSessions(sql: Sql, userId: string): Promise<void> {
  await sql.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
    userId,
  ]);
}
