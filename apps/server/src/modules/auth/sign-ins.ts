import type { Sql } from '../../db/database.ts';

/**
 * The sign-in history of every existing account (docs/decisions/0248): when, from where, with which
 * browser, and how it ended. Each write is one statement that also prunes the account's history to its
 * newest SIGN_INS_KEPT rows, so the table grows with the number of accounts, never with a flood.
 */
export const SIGN_INS_KEPT = 100;
const MAX_USER_AGENT_CHARS = 200;
const MAX_ADDRESS_CHARS = 100;

/** Where an attempt came from: the client's address as the auth module sees it, and its browser. */
export type SignInOrigin = { address: string; userAgent: string };

export type SignInOutcome = { outcome: 'ok' | 'bad_password' } | { outcome: 'refused'; code: string };

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An IPv4 client reached over IPv6 is shown (and searched) as its IPv4 address. */
export function originOf(ip: string, userAgent: string | string[] | undefined): SignInOrigin {
  const agent = Array.isArray(userAgent) ? (userAgent[0] ?? '') : (userAgent ?? '');
  return {
    address: (IPV4_MAPPED.exec(ip)?.[1] ?? ip).slice(0, MAX_ADDRESS_CHARS),
    userAgent: agent.trim().slice(0, MAX_USER_AGENT_CHARS),
  };
}

/**
 * Deletes what falls out of the newest SIGN_INS_KEPT of the account in `attempt` (a CTE naming the row
 * just written). The subquery reads the history as it was before this statement, hence the one less.
 */
const PRUNE = `
DELETE FROM sign_ins s USING attempt a
 WHERE s.user_id = a.user_id
   AND s.id < (SELECT k.id FROM sign_ins k WHERE k.user_id = a.user_id ORDER BY k.id DESC
                OFFSET ${SIGN_INS_KEPT - 2} LIMIT 1)`;

/**
 * A failed or refused attempt on an account named by id or, before the account was read (the sign-in
 * throttle), by email; an email no account has writes nothing.
 */
export async function recordFailedSignIn(
  sql: Sql,
  account: { userId: string } | { email: string },
  origin: SignInOrigin,
  result: Exclude<SignInOutcome, { outcome: 'ok' }>,
): Promise<void> {
  const [column, value] = 'userId' in account ? ['id', account.userId] : ['email', account.email];
  const code = result.outcome === 'refused' ? result.code : null;
  await sql.query(
    `WITH attempt AS (
       INSERT INTO sign_ins (user_id, address, user_agent, outcome, code)
       SELECT id, $2, $3, $4, $5 FROM users WHERE ${column} = $1
       RETURNING user_id
     ) ${PRUNE}`,
    [value, origin.address, origin.userAgent, result.outcome, code],
  );
}

/**
 * Opens a session and records the sign-in that opened it in ONE statement: a successful sign-in costs
 * no extra round trip. Answers nothing; the caller made the token.
 */
export async function insertSessionWithSignIn(
  sql: Sql,
  session: { tokenHash: string; userId: string; ttlHours: number },
  origin: SignInOrigin,
): Promise<void> {
  await sql.query(
    `WITH session AS (
       INSERT INTO sessions (token_hash, user_id, expires_at, address)
       VALUES ($1, $2, now() + make_interval(hours => $3), $4)
       RETURNING user_id
     ), attempt AS (
       INSERT INTO sign_ins (user_id, address, user_agent, outcome)
       SELECT user_id, $4, $5, 'ok' FROM session
       RETURNING user_id
     ) ${PRUNE}`,
    [session.tokenHash, session.userId, session.ttlHours, origin.address, origin.userAgent],
  );
}
