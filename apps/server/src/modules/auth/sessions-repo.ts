import type { Database, Sql } from '../../db/database.ts';
import type { Bus } from '../../lib/bus.ts';
import { announceRevocation } from './session-cache.ts';
import { insertSessionWithSignIn, type SignInOrigin } from './sign-ins.ts';
import { hashToken, newToken } from './tokens.ts';
import type { UserRow } from './users-repo.ts';

/** With an origin, the session is a sign-in's: it keeps the address and the sign-in is recorded with it. */
export async function createSession(
  sql: Sql,
  userId: string,
  ttlHours: number,
  origin?: SignInOrigin,
): Promise<string> {
  const token = newToken(userId);
  if (origin) {
    await insertSessionWithSignIn(sql, { tokenHash: hashToken(token), userId, ttlHours }, origin);
    return token;
  }
  await sql.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`,
    [hashToken(token), userId, ttlHours],
  );
  return token;
}

/** The active user behind a token: unexpired, unrevoked, and not suspended. */
export async function findSessionUser(sql: Sql, token: string): Promise<UserRow | undefined> {
  return (await findSession(sql, hashToken(token)))?.user;
}

/** As findSessionUser, by token hash, with the session's expiry (a cache must not outlive it). */
export async function findSession(
  sql: Sql,
  tokenHash: string,
): Promise<{ user: UserRow; expiresAtMs: number } | undefined> {
  // The same statement notes when the session was last seen, at most once a minute (the gate's cache
  // means it is read again every few seconds while in use): the back office shows it.
  const rows = await sql.query<UserRow & { expires_at: Date | string }>(
    `WITH seen AS (
       UPDATE sessions SET last_seen_at = now()
        WHERE token_hash = $1 AND last_seen_at < now() - interval '1 minute' AND revoked_at IS NULL
     )
     SELECT u.id, u.unique_code, u.email, u.name, u.role, u.staff_role, u.status, u.is_demo, u.password_hash, s.expires_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.status = 'active'`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { expires_at: expiresAt, ...user } = row;
  return { user, expiresAtMs: new Date(expiresAt).getTime() };
}

/** Revokes one token, then (committed: no transaction here) tells every instance to forget it. */
export async function revokeSession(db: Database, bus: Bus, token: string): Promise<void> {
  const tokenHash = hashToken(token);
  await db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [
    tokenHash,
  ]);
  await announceRevocation(bus, { tokenHash });
}

/** Inside the caller's transaction: the caller announces `{userId}` once it has committed. */
export async function revokeAllSessions(sql: Sql, userId: string): Promise<void> {
  await sql.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
    userId,
  ]);
}
