import type { PlayerSession, SignIn } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';

type Moment = Date | string;
const isoOf = (moment: Moment) => new Date(moment).toISOString();

type SignInRow = {
  at: Moment;
  address: string;
  user_agent: string;
  outcome: SignIn['outcome'];
  code: string | null;
};

/** The account's latest sign-in attempts, newest first (docs/decisions/0248). */
export async function readSignIns(sql: Sql, userId: string, limit: number): Promise<SignIn[]> {
  const rows = await sql.query<SignInRow>(
    `SELECT at, address, user_agent, outcome, code FROM sign_ins WHERE user_id = $1 ORDER BY id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((row) => ({
    at: isoOf(row.at),
    address: row.address,
    userAgent: row.user_agent,
    outcome: row.outcome,
    code: row.code,
  }));
}

type SessionRow = {
  id: bigint | string;
  created_at: Moment;
  last_seen_at: Moment;
  expires_at: Moment;
  address: string | null;
};

/** Sessions that still admit their token, newest first; bounded, as an account may sign in often. */
export async function readLiveSessions(sql: Sql, userId: string, limit = 50): Promise<PlayerSession[]> {
  const rows = await sql.query<SessionRow>(
    `SELECT id, created_at, last_seen_at, expires_at, address FROM sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
      ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((row) => ({
    id: String(row.id),
    createdAt: isoOf(row.created_at),
    lastSeenAt: isoOf(row.last_seen_at),
    expiresAt: isoOf(row.expires_at),
    address: row.address,
  }));
}

/** When the session behind a token hash began; undefined when there is none. */
export async function sessionStartedAt(sql: Sql, tokenHash: string): Promise<Date | string | undefined> {
  const [row] = await sql.query<{ created_at: Date | string }>(
    'SELECT created_at FROM sessions WHERE token_hash = $1',
    [tokenHash],
  );
  return row?.created_at;
}
