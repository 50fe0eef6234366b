import type { Sql } from '../../db/database.ts';
import { authTables, hashToken, newToken } from '../auth/index.ts';

/** How long a launch token may place bets; wins and rollbacks are still taken after it (0141). */
export const LAUNCH_TOKEN_TTL_MS = 4 * 60 * 60 * 1000;

export type CasinoSession = {
  playerId: string;
  gameId: string;
  expiresAtMs: number;
  /** False once the operator suspended the player: no new bets, but open rounds still settle. */
  playerActive: boolean;
};

/** Mints a launch token (the player's slot, then 256 random bits); only its SHA-256 is stored. */
export async function openCasinoSession(
  sql: Sql,
  input: { playerId: string; gameId: string | number; nowMs: number; ttlMs?: number },
): Promise<string> {
  const token = newToken(input.playerId);
  const expiresAt = new Date(input.nowMs + (input.ttlMs ?? LAUNCH_TOKEN_TTL_MS));
  await sql.query(
    `INSERT INTO casino_sessions (token_hash, player_id, game_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [hashToken(token), input.playerId, String(input.gameId), new Date(input.nowMs), expiresAt],
  );
  return token;
}

export type SessionRow = {
  token_hash: string;
  player_id: string;
  game_id: string;
  expires_at: Date | string;
  status: string;
};

/** A session with its player's status: expiry and suspension are read afresh on every use. */
export const SESSION_COLUMNS =
  's.token_hash, s.player_id::text AS player_id, s.game_id, s.expires_at, u.status';
export const SESSIONS_WITH_PLAYERS = `casino_sessions s JOIN ${authTables.users} u ON u.id = s.player_id`;

export const sessionOf = (row: SessionRow): CasinoSession => ({
  playerId: row.player_id,
  gameId: row.game_id,
  expiresAtMs: new Date(row.expires_at).getTime(),
  playerActive: row.status === 'active',
});

/** The session behind a launch token (balance callbacks and refusals). */
export async function findCasinoSession(sql: Sql, token: string): Promise<CasinoSession | undefined> {
  const [row] = await sql.query<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM ${SESSIONS_WITH_PLAYERS} WHERE s.token_hash = $1`,
    [hashToken(token)],
  );
  return row ? sessionOf(row) : undefined;
}
