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

/** The columns of a player's row that the operator's staff change. */
type PlayerColumns = { status: PlayerStatus; bet_locked: boolean; max_stake_minor: string | bigint | null };

/**
 * Sets one column of a player's row, locked while it changes; answers the value it had (undefined: no
 * player has this id), for the audit's before.
 */
export async function setPlayerColumn<Column extends keyof PlayerColumns>(
  sql: Sql,
  id: string,
  column: Column,
  value: PlayerColumns[Column],
): Promise<{ before: PlayerColumns[Column] } | undefined> {
  const rows = await sql.query<{ before: PlayerColumns[Column] }>(
    `UPDATE users u SET ${column} = $2 FROM (SELECT id, ${column} FROM users WHERE id = $1 FOR UPDATE) old
      WHERE u.id = old.id AND u.role = 'player' RETURNING old.${column} AS before`,
    [id, typeof value === 'bigint' ? value.toString() : value],
  );
  return rows[0];
}
