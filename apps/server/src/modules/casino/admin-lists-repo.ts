import { findGame } from '@backlay/catalogue';
import type {
  AdminCasinoCallback,
  AdminCasinoCallbacksQuery,
  AdminCasinoRound,
  AdminCasinoRoundsQuery,
  AdminCasinoSession,
  AdminCasinoSessionsQuery,
  CasinoWalletAnswer,
} from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { ok, reject, type Result } from '../../platform/rejections.ts';
import { authTables } from '../auth/index.ts';

/**
 * The console's casino lists (docs/decisions/0245), newest first in insertion order, paged by the id
 * (sessions) or `seq` (wallet rows) of the last item. A wallet row does not name the launch token it
 * came with, so a session's bets are its player's bets on its game from its launch until the next launch
 * of that game by that player; a win or rollback belongs to the session of the bet it settles.
 */

type Page<T> = { items: T[]; next: string | null };

const money = (minor: string | bigint) => formatMinor(BigInt(minor));
const iso = (at: Date | string) => new Date(at).toISOString();

function pageOf<R extends { cursor: string }, T>(rows: R[], limit: number, itemOf: (row: R) => T): Page<T> {
  const items = rows.slice(0, limit);
  return {
    items: items.map(itemOf),
    next: rows.length > limit ? (items[items.length - 1]?.cursor ?? null) : null,
  };
}

/** A session's stretch of time: from its launch until the player's next launch of the same game. */
type SessionWindow = { playerId: string; gameId: string; from: Date | string; until: Date | string | null };

/** The stretch of the session with this id; null for no such session. */
async function sessionWindow(sql: Sql, sessionId: string): Promise<SessionWindow | null> {
  const [row] = await sql.query<{ player_id: string; game_id: string; from_at: Date; until_at: Date | null }>(
    `SELECT s.player_id::text AS player_id, s.game_id, s.created_at AS from_at,
            (SELECT n.created_at FROM casino_sessions n
              WHERE n.player_id = s.player_id AND n.game_id = s.game_id AND n.id > s.id
              ORDER BY n.id LIMIT 1) AS until_at
       FROM casino_sessions s WHERE s.id = $1`,
    [sessionId],
  );
  return row
    ? { playerId: row.player_id, gameId: row.game_id, from: row.from_at, until: row.until_at }
    : null;
}

const noSuchSession = () => reject('not_found', 'SESSION_NOT_FOUND', 'There is no such casino session.');

type SessionRow = {
  cursor: string;
  player_id: string;
  email: string | null;
  game_id: string;
  created_at: Date | string;
  expires_at: Date | string;
  rounds: number;
  staked_minor: string;
  won_minor: string;
  last_bet_at: Date | string | null;
};

/** Game sessions with what was played in each. Parameters: $1 player, $2 game, $3 cursor, $4 rows. */
export async function listCasinoSessions(
  sql: Sql,
  query: AdminCasinoSessionsQuery,
): Promise<Page<AdminCasinoSession>> {
  const rows = await sql.query<SessionRow>(
    `SELECT s.id::text AS cursor, s.player_id::text AS player_id, u.email, s.game_id, s.created_at,
            s.expires_at, b.rounds, b.staked_minor, b.won_minor, b.last_bet_at
       FROM casino_sessions s
       LEFT JOIN ${authTables.users} u ON u.id = s.player_id
      CROSS JOIN LATERAL (
        SELECT count(DISTINCT t.round_id)::int AS rounds,
               coalesce(sum(t.amount_minor) FILTER (WHERE t.bet_status <> 'ROLLED_BACK'), 0)::text
                 AS staked_minor,
               coalesce(sum(t.win_minor), 0)::text AS won_minor,
               max(t.created_at) AS last_bet_at
          FROM casino_transactions t
         WHERE t.kind = 'BET' AND t.player_id = s.player_id AND t.game_id = s.game_id
           AND t.created_at >= s.created_at
           AND t.created_at < coalesce((SELECT n.created_at FROM casino_sessions n
                                         WHERE n.player_id = s.player_id AND n.game_id = s.game_id
                                           AND n.id > s.id ORDER BY n.id LIMIT 1), 'infinity')) b
      WHERE ($1::uuid IS NULL OR s.player_id = $1::uuid) AND ($2::text IS NULL OR s.game_id = $2::text)
        AND ($3::bigint IS NULL OR s.id < $3::bigint)
      ORDER BY s.id DESC LIMIT $4`,
    [query.player ?? null, query.game ?? null, query.cursor ?? null, query.limit + 1],
  );
  return pageOf(rows, query.limit, (row) => ({
    id: row.cursor,
    playerId: row.player_id,
    email: row.email,
    gameId: row.game_id,
    gameTitle: findGame(row.game_id)?.name ?? null,
    startedAt: iso(row.created_at),
    lastActivityAt: iso(row.last_bet_at ?? row.created_at),
    expiresAt: iso(row.expires_at),
    rounds: row.rounds,
    staked: money(row.staked_minor),
    won: money(row.won_minor),
  }));
}

type RoundRow = {
  cursor: string;
  transaction_id: string;
  round_id: string;
  player_id: string;
  email: string | null;
  game_id: string;
  amount_minor: string;
  win_minor: string;
  bet_status: AdminCasinoRound['state'];
  created_at: Date | string;
};

/**
 * Bets with what settled them. Parameters: $1 player, $2 game, $3 cursor, $4 rows, $5–$6 the
 * session's stretch of time.
 */
export async function listCasinoRounds(
  sql: Sql,
  query: AdminCasinoRoundsQuery,
): Promise<Result<Page<AdminCasinoRound>>> {
  const window = query.session ? await sessionWindow(sql, query.session) : undefined;
  if (window === null) return noSuchSession();
  if (window && !sameScope(window, query)) return ok({ items: [], next: null });
  const rows = await sql.query<RoundRow>(
    `SELECT t.seq::text AS cursor, t.transaction_id, t.round_id, t.player_id::text AS player_id, u.email,
            t.game_id, t.amount_minor::text AS amount_minor, t.win_minor::text AS win_minor, t.bet_status,
            t.created_at
       FROM casino_transactions t
       LEFT JOIN ${authTables.users} u ON u.id = t.player_id
      WHERE t.kind = 'BET' AND ($1::uuid IS NULL OR t.player_id = $1::uuid)
        AND ($2::text IS NULL OR t.game_id = $2::text) AND ($3::bigint IS NULL OR t.seq < $3::bigint)
        AND ($5::timestamptz IS NULL OR (t.created_at >= $5::timestamptz
             AND t.created_at < coalesce($6::timestamptz, 'infinity')))
      ORDER BY t.seq DESC LIMIT $4`,
    [
      window?.playerId ?? query.player ?? null,
      window?.gameId ?? query.game ?? null,
      query.cursor ?? null,
      query.limit + 1,
      window?.from ?? null,
      window?.until ?? null,
    ],
  );
  return ok(
    pageOf(rows, query.limit, (row) => ({
      betId: row.transaction_id,
      roundId: row.round_id,
      playerId: row.player_id,
      email: row.email,
      gameId: row.game_id,
      bet: money(row.amount_minor),
      won: money(row.win_minor),
      rolledBack: row.bet_status === 'ROLLED_BACK' ? money(row.amount_minor) : '0.00',
      state: row.bet_status,
      placedAt: iso(row.created_at),
    })),
  );
}

/** A session and the other filters name the same player and game; otherwise nothing matches. */
const sameScope = (window: SessionWindow, query: { player?: string; game?: string }): boolean =>
  (query.player === undefined || query.player === window.playerId) &&
  (query.game === undefined || query.game === window.gameId);

type CallbackRow = {
  cursor: string;
  refused: boolean;
  transaction_id: string | null;
  kind: 'BET' | 'WIN' | 'ROLLBACK';
  player_id: string;
  email: string | null;
  game_id: string;
  round_id: string | null;
  reference_transaction_id: string | null;
  amount_minor: string | null;
  answer: CasinoWalletAnswer;
  created_at: Date | string;
};

/**
 * The money callbacks the wallet recorded, with their answers: the accepted ones (casino_transactions)
 * and the refused ones (casino_refusals, docs/decisions/0254), whose `seq` comes from one sequence, so
 * both page together under one cursor. Each side is read newest first by its own index, up to a page,
 * and the two merged. An accepted win or rollback is in a session when the bet it settles is; a refusal
 * names its session. Parameters: $1 player, $2 cursor, $3 rows, $4 game, $5–$6 the session's stretch
 * of time, $7 the session, $8 whether accepted ones are read, $9 whether refused ones are.
 */
export async function listCasinoCallbacks(
  sql: Sql,
  query: AdminCasinoCallbacksQuery,
): Promise<Result<Page<AdminCasinoCallback>>> {
  const window = query.session ? await sessionWindow(sql, query.session) : undefined;
  if (window === null) return noSuchSession();
  if (window && !sameScope(window, query)) return ok({ items: [], next: null });
  const rows = await sql.query<CallbackRow>(
    `SELECT c.seq::text AS cursor, c.refused, c.transaction_id, c.kind, c.player_id::text AS player_id,
            u.email, c.game_id, c.round_id, c.reference_transaction_id, c.amount_minor::text AS amount_minor,
            c.answer, c.created_at
       FROM ((SELECT t.seq, false AS refused, t.transaction_id, t.kind, t.player_id, t.game_id, t.round_id,
                     t.reference_transaction_id, t.amount_minor, t.answer, t.created_at
                FROM casino_transactions t
                LEFT JOIN casino_transactions bet ON bet.transaction_id = t.reference_transaction_id
               WHERE $8::boolean AND ($1::uuid IS NULL OR t.player_id = $1::uuid)
                 AND ($2::bigint IS NULL OR t.seq < $2::bigint) AND ($4::text IS NULL OR t.game_id = $4::text)
                 AND ($5::timestamptz IS NULL OR (coalesce(bet.created_at, t.created_at) >= $5::timestamptz
                      AND coalesce(bet.created_at, t.created_at) < coalesce($6::timestamptz, 'infinity')))
               ORDER BY t.seq DESC LIMIT $3)
             UNION ALL
             (SELECT r.seq, true, r.transaction_id, r.kind, r.player_id, r.game_id, r.round_id,
                     r.reference_transaction_id, r.amount_minor, r.answer, r.created_at
                FROM casino_refusals r
               WHERE $9::boolean AND ($1::uuid IS NULL OR r.player_id = $1::uuid)
                 AND ($2::bigint IS NULL OR r.seq < $2::bigint) AND ($4::text IS NULL OR r.game_id = $4::text)
                 AND ($7::bigint IS NULL OR r.session_id = $7::bigint)
               ORDER BY r.seq DESC LIMIT $3)) c
       LEFT JOIN ${authTables.users} u ON u.id = c.player_id
      ORDER BY c.seq DESC LIMIT $3`,
    [
      window?.playerId ?? query.player ?? null,
      query.cursor ?? null,
      query.limit + 1,
      window?.gameId ?? null,
      window?.from ?? null,
      window?.until ?? null,
      query.session ?? null,
      query.refused !== 'true',
      query.refused !== 'false',
    ],
  );
  return ok(
    pageOf(rows, query.limit, (row) => ({
      transactionId: row.transaction_id ?? '',
      kind: KINDS[row.kind],
      playerId: row.player_id,
      email: row.email,
      gameId: row.game_id,
      roundId: row.round_id ?? '',
      referenceTransactionId: row.reference_transaction_id,
      amount: money(row.amount_minor ?? 0n),
      status: row.answer.status,
      balanceAfter: row.answer.balance,
      at: iso(row.created_at),
      refused: row.refused,
      id: row.cursor,
    })),
  );
}

const KINDS = { BET: 'bet', WIN: 'win', ROLLBACK: 'rollback' } as const;
