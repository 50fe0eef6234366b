import type { AdminPlayer, PlayerStatus } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { likePattern } from '../../platform/sql-text.ts';

type PlayerRow = {
  id: string;
  unique_code: string;
  email: string;
  name: string;
  status: PlayerStatus;
  is_demo: boolean;
  bet_locked: boolean;
  max_stake_minor: bigint | string | null;
  created_at: Date | string;
  cash_minor: bigint;
  hold_minor: bigint;
};

const SELECT_PLAYERS = `
  SELECT u.id, u.unique_code, u.email, u.name, u.status, u.is_demo, u.bet_locked, u.max_stake_minor, u.created_at,
         coalesce(c.balance_minor, 0)::bigint AS cash_minor, coalesce(h.balance_minor, 0)::bigint AS hold_minor
    FROM users u
    LEFT JOIN accounts c ON c.account_id = 'cash:' || u.id
    LEFT JOIN accounts h ON h.account_id = 'hold:' || u.id
   WHERE u.role = 'player'`;

export function toAdminPlayer(row: PlayerRow): AdminPlayer {
  return {
    id: row.id,
    uniqueCode: row.unique_code,
    email: row.email,
    name: row.name,
    status: row.status,
    isDemo: row.is_demo,
    betLocked: row.bet_locked,
    maxStake: row.max_stake_minor == null ? null : formatMinor(BigInt(row.max_stake_minor)),
    balance: formatMinor(BigInt(row.cash_minor)),
    exposure: formatMinor(BigInt(row.hold_minor)),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function findPlayer(sql: Sql, id: string): Promise<AdminPlayer | undefined> {
  const rows = await sql.query<PlayerRow>(`${SELECT_PLAYERS} AND u.id = $1`, [id]);
  return rows[0] && toAdminPlayer(rows[0]);
}

export async function listPlayers(
  sql: Sql,
  query: { page: number; pageSize: number; search?: string | undefined },
): Promise<{ items: AdminPlayer[]; total: number }> {
  const search = query.search ? likePattern(query.search) : null;
  const filter = `AND ($1::text IS NULL OR u.email ILIKE $1 OR u.name ILIKE $1 OR u.unique_code ILIKE $1)`;
  const rows = await sql.query<PlayerRow>(
    `${SELECT_PLAYERS} ${filter} ORDER BY u.created_at DESC, u.id LIMIT $2 OFFSET $3`,
    [search, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const [count] = await sql.query<{ total: bigint }>(
    `SELECT count(*) AS total FROM users u WHERE u.role = 'player' ${filter}`,
    [search],
  );
  return { items: rows.map(toAdminPlayer), total: Number(count?.total ?? 0n) };
}

/** Answers false when no player has this id. */
/** Sets a player's status; answers the status it had (null: no such player). */
export async function setPlayerStatus(
  sql: Sql,
  id: string,
  status: PlayerStatus,
): Promise<PlayerStatus | null> {
  const rows = await sql.query<{ before: PlayerStatus }>(
    `UPDATE users u SET status = $2 FROM (SELECT id, status FROM users WHERE id = $1 FOR UPDATE) old
      WHERE u.id = old.id AND u.role = 'player' RETURNING old.status AS before`,
    [id, status],
  );
  return rows[0]?.before ?? null;
}

/** Locks or unlocks a player's staking; answers whether it was locked before (null: no such player). */
export async function setBetLock(sql: Sql, id: string, locked: boolean): Promise<boolean | null> {
  const rows = await sql.query<{ before: boolean }>(
    `UPDATE users u SET bet_locked = $2 FROM (SELECT id, bet_locked FROM users WHERE id = $1 FOR UPDATE) old
      WHERE u.id = old.id AND u.role = 'player' RETURNING old.bet_locked AS before`,
    [id, locked],
  );
  return rows[0]?.before ?? null;
}

/** Sets a player's maximum stake; answers the one before (undefined: no such player). */
export async function setMaxStake(
  sql: Sql,
  id: string,
  maxStakeMinor: bigint | null,
): Promise<{ before: bigint | null } | undefined> {
  const rows = await sql.query<{ before: string | bigint | null }>(
    `UPDATE users u SET max_stake_minor = $2 FROM (SELECT id, max_stake_minor FROM users WHERE id = $1 FOR UPDATE) old
      WHERE u.id = old.id AND u.role = 'player' RETURNING old.max_stake_minor AS before`,
    [id, maxStakeMinor?.toString() ?? null],
  );
  const row = rows[0];
  return row ? { before: row.before == null ? null : BigInt(row.before) } : undefined;
}
