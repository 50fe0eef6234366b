import type { DownlineItem, DownlineResponse } from '@backlay/contracts';
import { formatMinor, playerCashAccountIdSql, playerHoldAccountIdSql } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { authTables } from '../auth/index.ts';
import { walletTables } from '../wallet/index.ts';
import { percentOf } from './tree-repo.ts';

/** One child row, an agent's or a player's, with its balances and the micros of its ordering time. */
type ChildRow = {
  id: string;
  micros: bigint | string;
  level: number;
  name: string;
  share_bp: number | null;
  credit_reference_minor: bigint | string;
  exposure_limit_minor: bigint | string | null;
  max_stake_minor: bigint | string | null;
  /** Sport slug → the account's own cap in minor units, as text; null: none. */
  max_stake_by_sport: Record<string, string> | null;
  login_locked: boolean;
  bet_locked: boolean;
  cash_minor: bigint | string;
  hold_minor: bigint | string;
};

const BALANCES = `coalesce(c.balance_minor, 0)::bigint AS cash_minor,
  coalesce(h.balance_minor, 0)::bigint AS hold_minor`;
const JOIN_BALANCES = (id: string) => `
  LEFT JOIN ${walletTables.accounts} c ON c.account_id = ${playerCashAccountIdSql(id)}
  LEFT JOIN ${walletTables.accounts} h ON h.account_id = ${playerHoldAccountIdSql(id)}`;
/** The account's own stake caps by sport (docs/decisions/0300), read from its rows' key. */
const CAPS_BY_SPORT = (id: string) => `(SELECT jsonb_object_agg(s.sport, s.max_stake_minor::text)
    FROM agent_sport_stakes s WHERE s.account_id = ${id}) AS max_stake_by_sport`;
const MICROS = (column: string) => `(extract(epoch FROM ${column}) * 1000000)::bigint`;

/** A statement's parameters, numbered as they are added. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

type After = { micros: string; id: string } | null;

/**
 * The parent's rows (`parent`, a condition) below the cursor's row, newest first, written per case
 * (the house or an agent, first page or not) so that each is a plain range of its index.
 */
function childFilter(params: Params, parent: string, order: { time: string; id: string }, after: After) {
  if (!after) return parent;
  const time = `'epoch'::timestamptz + ${params.add(after.micros)}::bigint * interval '1 microsecond'`;
  return `${parent} AND (${order.time}, ${order.id}) < (${time}, ${params.add(after.id)}::uuid)`;
}

function agentChildren(
  parentId: string | null,
  after: After,
  limit: number,
  only: string | null = null,
): [string, unknown[]] {
  const params = new Params();
  const parent = parentId === null ? 'a.parent_id IS NULL' : `a.parent_id = ${params.add(parentId)}::uuid`;
  const one = only === null ? '' : ` AND a.user_id = ${params.add(only)}::uuid`;
  const where = childFilter(params, parent + one, { time: 'a.created_at', id: 'a.user_id' }, after);
  const sql = `
  SELECT a.user_id AS id, ${MICROS('a.created_at')} AS micros, a.level, u.name, a.share_bp,
         a.credit_reference_minor, a.exposure_limit_minor, a.max_stake_minor, a.login_locked, a.bet_locked,
         ${CAPS_BY_SPORT('a.user_id')}, ${BALANCES}
    FROM agents a JOIN ${authTables.users} u ON u.id = a.user_id ${JOIN_BALANCES('a.user_id')}
   WHERE ${where}
   ORDER BY a.created_at DESC, a.user_id DESC LIMIT ${params.add(limit)}`;
  return [sql, params.values];
}

/**
 * Players of an agent, or the house's: those without a row in agent_players, read newest first from
 * the players' own index. `level` is where a player of this parent sits.
 */
function playerChildren(
  parentId: string | null,
  level: number,
  after: After,
  limit: number,
  only: string | null = null,
): [string, unknown[]] {
  const params = new Params();
  // The house's players are those no agent has.
  const parent = parentId === null ? 'ap.player_id IS NULL' : `ap.parent_id = ${params.add(parentId)}::uuid`;
  const one = only === null ? '' : ` AND u.id = ${params.add(only)}::uuid`;
  const where = childFilter(params, parent + one, { time: 'u.created_at', id: 'u.id' }, after);
  const players =
    parentId === null
      ? `${authTables.users} u LEFT JOIN agent_players ap ON ap.player_id = u.id`
      : `agent_players ap JOIN ${authTables.users} u ON u.id = ap.player_id`;
  const sql = `
  SELECT u.id, ${MICROS('u.created_at')} AS micros, ${params.add(level)}::int AS level, u.name, NULL::int AS share_bp,
         coalesce(ap.credit_reference_minor, 0)::bigint AS credit_reference_minor,
         ap.exposure_limit_minor, u.max_stake_minor, u.status = 'suspended' AS login_locked, u.bet_locked,
         ${CAPS_BY_SPORT('u.id')}, ${BALANCES}
    FROM ${players} ${JOIN_BALANCES('u.id')}
   WHERE u.role = 'player' AND ${where}
   ORDER BY u.created_at DESC, u.id DESC LIMIT ${params.add(limit)}`;
  return [sql, params.values];
}

function toItem(kind: 'agent' | 'player', row: ChildRow): DownlineItem {
  const balance = BigInt(row.cash_minor);
  const exposure = BigInt(row.hold_minor);
  const credit = BigInt(row.credit_reference_minor);
  const money = (minor: bigint | string | null) => (minor === null ? null : formatMinor(BigInt(minor)));
  return {
    id: row.id,
    kind,
    level: Number(row.level),
    name: row.name,
    creditReference: formatMinor(credit),
    balance: formatMinor(balance),
    exposure: formatMinor(exposure),
    // The free balance: the held chips have already left it (docs/decisions/0287).
    available: formatMinor(balance),
    pl: formatMinor(balance + exposure - credit),
    sharePercent: row.share_bp === null ? null : percentOf(Number(row.share_bp)),
    exposureLimit: money(row.exposure_limit_minor),
    maxStake: money(row.max_stake_minor),
    maxStakeBySport: Object.fromEntries(
      Object.entries(row.max_stake_by_sport ?? {}).map(([sport, minor]) => [
        sport,
        formatMinor(BigInt(minor)),
      ]),
    ),
    loginLocked: row.login_locked,
    betLocked: row.bet_locked,
  };
}

export type DownlinePage = { parentId: string | null; parentLevel: number; cursor?: string; limit: number };

const cursorOf = (kind: 'a' | 'p', row: ChildRow) => `${kind}_${String(row.micros)}_${row.id}`;

/**
 * Direct children of one parent, agents first, then players, each newest first; the cursor names the
 * kind and the last row, so a deep page is an index range in either list.
 */
export async function readDownline(sql: Sql, page: DownlinePage): Promise<DownlineResponse> {
  const [kind, micros, id] = page.cursor ? page.cursor.split('_') : ['a'];
  const after: After = micros && id ? { micros, id } : null;
  const agents =
    kind === 'a' ? await sql.query<ChildRow>(...agentChildren(page.parentId, after, page.limit + 1)) : [];
  if (agents.length > page.limit) {
    const last = agents[page.limit - 1];
    const items = agents.slice(0, page.limit).map((row) => toItem('agent', row));
    return { items, nextCursor: last ? cursorOf('a', last) : null };
  }
  const room = page.limit - agents.length;
  const level = page.parentLevel + 1;
  const players = await sql.query<ChildRow>(
    ...playerChildren(page.parentId, level, kind === 'p' ? after : null, room + 1),
  );
  const items = [
    ...agents.map((row) => toItem('agent', row)),
    ...players.slice(0, room).map((row) => toItem('player', row)),
  ];
  if (players.length <= room) return { items, nextCursor: null };
  // A page that ends with the last agent continues with the first players.
  const last = players[room - 1];
  const lastAgent = agents[agents.length - 1];
  return { items, nextCursor: last ? cursorOf('p', last) : lastAgent ? cursorOf('a', lastAgent) : null };
}

/** One direct child's row, as its parent's downline lists it. */
export async function readChild(
  sql: Sql,
  child: { id: string; kind: 'agent' | 'player'; parentId: string | null; level: number },
): Promise<DownlineItem | undefined> {
  const [row] =
    child.kind === 'agent'
      ? await sql.query<ChildRow>(...agentChildren(child.parentId, null, 1, child.id))
      : await sql.query<ChildRow>(...playerChildren(child.parentId, child.level, null, 1, child.id));
  return row && toItem(child.kind, row);
}
