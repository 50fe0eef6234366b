import type { CasinoWalletAnswer } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import { hashToken, newToken } from '../auth/index.ts';
import type { StoredTransaction } from './wallet-repo.ts';

/** How long a launch token may place bets; wins and rollbacks are still taken after it (0141). */
export const LAUNCH_TOKEN_TTL_MS = 4 * 60 * 60 * 1000;

export type CasinoSession = {
  playerId: string;
  gameId: string;
  expiresAtMs: number;
  /** False once the operator suspended the player: no new bets, but open rounds still settle. */
  playerActive: boolean;
};

/** Mints a launch token (256 random bits); only its SHA-256 is stored. */
export async function openCasinoSession(
  sql: Sql,
  input: { playerId: string; gameId: string | number; nowMs: number; ttlMs?: number },
): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(input.nowMs + (input.ttlMs ?? LAUNCH_TOKEN_TTL_MS));
  await sql.query(
    `INSERT INTO casino_sessions (token_hash, player_id, game_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [hashToken(token), input.playerId, String(input.gameId), new Date(input.nowMs), expiresAt],
  );
  return token;
}

type SessionRow = {
  player_id: string;
  game_id: string;
  expires_at: Date | string;
  status: string;
  fingerprint: string | null;
  answer: CasinoWalletAnswer | null;
};

/**
 * The session behind a launch token and, in the same round trip, the answer already recorded for
 * `transactionId` if there is one (the common replay needs nothing else).
 */
export async function findCasinoSession(
  sql: Sql,
  token: string,
  transactionId: string | null = null,
): Promise<(CasinoSession & { previous: StoredTransaction | undefined }) | undefined> {
  const [row] = await sql.query<SessionRow>(
    `SELECT s.player_id::text AS player_id, s.game_id, s.expires_at, u.status, t.fingerprint, t.answer
       FROM casino_sessions s JOIN users u ON u.id = s.player_id
       LEFT JOIN casino_transactions t ON t.transaction_id = $2
      WHERE s.token_hash = $1`,
    [hashToken(token), transactionId],
  );
  if (!row) return undefined;
  return {
    playerId: row.player_id,
    gameId: row.game_id,
    expiresAtMs: new Date(row.expires_at).getTime(),
    playerActive: row.status === 'active',
    previous:
      row.fingerprint === null || row.answer === null
        ? undefined
        : { fingerprint: row.fingerprint, answer: row.answer },
  };
}
