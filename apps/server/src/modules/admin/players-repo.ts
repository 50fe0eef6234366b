import type { AdminPlayer, PlayerStatus } from '@backlay/contracts';
import { formatMinor, playerCashAccountIdSql, playerHoldAccountIdSql } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { likePattern } from '../../platform/sql-text.ts';
import { authTables } from '../auth/index.ts';
import { walletTables } from '../wallet/index.ts';

export type PlayerRow = {
  id: string;
  unique_code: string;
  email: string;
  name: string;
  status: PlayerStatus;
  is_demo: boolean;
  bet_locked: boolean;
  max_stake_minor: bigint | string | null;
  created_at: Date | string;
  cash_minor: bigint | string;
  hold_minor: bigint | string;
};

const PLAYER_COLUMNS = `u.id, u.unique_code, u.email, u.name, u.status, u.is_demo, u.bet_locked, u.max_stake_minor,
  u.created_at, coalesce(c.balance_minor, 0)::bigint AS cash_minor, coalesce(h.balance_minor, 0)::bigint AS hold_minor`;

/** Players (the accounts' rows, or a page of them) with their balances. */
const withBalances = (users: string = authTables.users) => `
  FROM ${users} u
  LEFT JOIN ${walletTables.accounts} c ON c.account_id = ${playerCashAccountIdSql('u.id')}
  LEFT JOIN ${walletTables.accounts} h ON h.account_id = ${playerHoldAccountIdSql('u.id')}`;

const SELECT_PLAYERS = `SELECT ${PLAYER_COLUMNS} ${withBalances()} WHERE u.role = 'player'`;

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

export type PlayersQuery = {
  page: number;
  pageSize: number;
  search?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
};

export type PlayersPage = {
  items: AdminPlayer[];
  total: number;
  page: number;
  pageSize: number;
  next: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A search finds a player by email, name or code in part, by id, or by an address they signed in from
 * (exactly: the sign-in history, docs/decisions/0248). $1 pattern, $2 id, $3 address.
 */
const FILTER = `AND ($1::text IS NULL OR u.email ILIKE $1 OR u.name ILIKE $1 OR u.unique_code ILIKE $1
    OR u.id = $2::uuid OR u.id IN (SELECT s.user_id FROM ${authTables.signIns} s WHERE s.address = $3))`;

/** Below the last row of the page before, in the list's order (users_players_newest): $6 micros, $7 id. */
const AFTER_CURSOR = `AND (u.created_at, u.id) < ('epoch'::timestamptz + $6::bigint * interval '1 microsecond', $7::uuid)`;

const cursorOf = (row: PlayerRow & { micros: bigint | string }) => `${row.micros}_${row.id}`;

function filterParams(search: string | undefined): [string | null, string | null, string | null] {
  if (!search) return [null, null, null];
  return [likePattern(search), UUID.test(search) ? search.toLowerCase() : null, search];
}

/**
 * Newest first by (created_at, id). By `cursor` a page is an index range however deep it is; by `page`
 * it is an offset, kept for the pages the console numbers. Either way `next` continues by cursor.
 */
export async function listPlayers(sql: Sql, query: PlayersQuery): Promise<PlayersPage> {
  const size = query.limit ?? query.pageSize;
  const filter = filterParams(query.search);
  const cursor = query.cursor?.split('_');
  const offset = cursor ? 0 : (query.page - 1) * size;
  // The page is chosen from the list's index alone (its skipped rows need no balances, nor, once the
  // table is vacuumed, even their row), and only its own rows are read with their balances.
  const page = `(SELECT p.* FROM ${authTables.users} p JOIN (
                   SELECT u.id FROM ${authTables.users} u WHERE u.role = 'player' ${FILTER} ${cursor ? AFTER_CURSOR : ''}
                    ORDER BY u.created_at DESC, u.id DESC LIMIT $4 OFFSET $5) k ON k.id = p.id)`;
  const [rows, [count]] = await Promise.all([
    sql.query<PlayerRow & { micros: bigint | string }>(
      `SELECT (extract(epoch FROM u.created_at) * 1000000)::bigint AS micros, ${PLAYER_COLUMNS}
         ${withBalances(page)} ORDER BY u.created_at DESC, u.id DESC`,
      [...filter, size + 1, offset, ...(cursor ?? [])],
    ),
    sql.query<{ total: bigint }>(
      `SELECT count(*) AS total FROM ${authTables.users} u WHERE u.role = 'player' ${FILTER}`,
      filter,
    ),
  ]);
  const last = rows.length > size ? rows[size - 1] : undefined;
  return {
    items: rows.slice(0, size).map(toAdminPlayer),
    total: Number(count?.total ?? 0n),
    page: query.page,
    pageSize: size,
    next: last ? cursorOf(last) : null,
  };
}
