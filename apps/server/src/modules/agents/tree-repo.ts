import type { Agent, AgentProfile } from '@backlay/contracts';
import { formatMinor, playerCashAccountIdSql } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { authTables } from '../auth/index.ts';
import { openAgentPlAccount, walletTables } from '../wallet/index.ts';

/** One agent's row with its user's name and email and its free balance. */
type AgentRow = {
  user_id: string;
  parent_id: string | null;
  level: number;
  share_bp: number;
  credit_reference_minor: bigint | string;
  exposure_limit_minor: bigint | string | null;
  max_stake_minor: bigint | string | null;
  login_locked: boolean;
  bet_locked: boolean;
  name: string;
  email: string;
  cash_minor: bigint | string;
};

export type NewAgentRow = {
  userId: string;
  parentId: string | null;
  level: number;
  shareBasisPoints: number;
  creditReferenceMinor: bigint;
};

/** Basis points as the API's percent (to the hundredth, exactly representable for display). */
export const percentOf = (basisPoints: number) => basisPoints / 100;

const money = (minor: bigint | string | null) => (minor === null ? null : formatMinor(BigInt(minor)));

function toAgent(row: AgentRow): Agent {
  return {
    id: row.user_id,
    parentId: row.parent_id,
    level: Number(row.level),
    name: row.name,
    email: row.email,
    sharePercent: percentOf(Number(row.share_bp)),
    creditReference: formatMinor(BigInt(row.credit_reference_minor)),
    balance: formatMinor(BigInt(row.cash_minor)),
    exposureLimit: money(row.exposure_limit_minor),
    maxStake: money(row.max_stake_minor),
    loginLocked: row.login_locked,
    betLocked: row.bet_locked,
  };
}

/** The agent's row, its P/L account and its share from now on (docs/decisions/0291). */
export async function insertAgent(tx: Sql, row: NewAgentRow): Promise<void> {
  await tx.query(
    `INSERT INTO agents (user_id, parent_id, level, share_bp, credit_reference_minor) VALUES ($1, $2, $3, $4, $5)`,
    [row.userId, row.parentId, row.level, row.shareBasisPoints, row.creditReferenceMinor],
  );
  await openAgentPlAccount(tx, row.userId);
  await recordShare(tx, row.userId, row.shareBasisPoints);
}

/**
 * The agent's share applies from the transaction's time on: a settlement books each bet at the share in
 * force when it was placed. A second change in one transaction keeps the last.
 */
export async function recordShare(tx: Sql, agentId: string, shareBasisPoints: number): Promise<void> {
  await tx.query(
    `INSERT INTO agent_share_history (agent_id, from_at, share_bp) VALUES ($1, now(), $2)
     ON CONFLICT (agent_id, from_at) DO UPDATE SET share_bp = excluded.share_bp`,
    [agentId, shareBasisPoints],
  );
}

export async function findAgent(sql: Sql, id: string): Promise<Agent | undefined> {
  const rows = await sql.query<AgentRow>(
    `SELECT a.*, u.name, u.email, coalesce(c.balance_minor, 0)::bigint AS cash_minor
       FROM agents a JOIN ${authTables.users} u ON u.id = a.user_id
       LEFT JOIN ${walletTables.accounts} c ON c.account_id = ${playerCashAccountIdSql('a.user_id::text')}
      WHERE a.user_id = $1`,
    [id],
  );
  return rows[0] && toAgent(rows[0]);
}

/**
 * The would-be parent's level and share, locked for the creation's transaction so that a concurrent
 * change of its share cannot slip under a child's.
 */
export async function lockParent(
  tx: Sql,
  id: string,
): Promise<{ level: number; shareBasisPoints: number } | undefined> {
  const rows = await tx.query<{ level: number; share_bp: number }>(
    'SELECT level, share_bp FROM agents WHERE user_id = $1 FOR UPDATE',
    [id],
  );
  const row = rows[0];
  return row && { level: Number(row.level), shareBasisPoints: Number(row.share_bp) };
}

/** Whether `agentId` is `ancestorId` or below it: a walk up at most six rows. */
export async function isWithin(sql: Sql, ancestorId: string, agentId: string): Promise<boolean> {
  const rows = await sql.query<{ found: boolean }>(
    `WITH RECURSIVE up (id, parent_id) AS (
       SELECT user_id, parent_id FROM agents WHERE user_id = $2
       UNION ALL
       SELECT a.user_id, a.parent_id FROM agents a JOIN up ON a.user_id = up.parent_id
     )
     SELECT EXISTS (SELECT 1 FROM up WHERE id = $1) AS found`,
    [ancestorId, agentId],
  );
  return rows[0]?.found === true;
}

export async function readAgentProfile(sql: Sql, userId: string): Promise<AgentProfile | null> {
  const rows = await sql.query<{ level: number; share_bp: number }>(
    'SELECT level, share_bp FROM agents WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  return row ? { id: userId, level: Number(row.level), sharePercent: percentOf(Number(row.share_bp)) } : null;
}

/** Puts a player under an agent (a player without a row belongs to the house). */
export async function assignPlayer(tx: Sql, playerId: string, parentId: string): Promise<void> {
  await tx.query(
    `INSERT INTO agent_players (player_id, parent_id) VALUES ($1, $2)
     ON CONFLICT (player_id) DO UPDATE SET parent_id = excluded.parent_id`,
    [playerId, parentId],
  );
}

/** An account of the tree: an agent, or a player (its parent null when it is the house's). */
export type TreeAccount = { id: string; kind: 'agent' | 'player'; parentId: string | null; level: number };

/**
 * The agent or player `id` with its parent and level (a player sits one below its parent), or
 * undefined for any other id (staff, unknown).
 */
export async function findAccount(sql: Sql, id: string): Promise<TreeAccount | undefined> {
  const rows = await sql.query<{
    role: string;
    agent_parent: string | null;
    agent_level: number | null;
    player_parent: string | null;
    parent_level: number | null;
  }>(
    `SELECT u.role, a.parent_id AS agent_parent, a.level AS agent_level,
            ap.parent_id AS player_parent, pa.level AS parent_level
       FROM ${authTables.users} u
       LEFT JOIN agents a ON a.user_id = u.id
       LEFT JOIN agent_players ap ON ap.player_id = u.id
       LEFT JOIN agents pa ON pa.user_id = ap.parent_id
      WHERE u.id = $1 AND u.role IN ('agent', 'player')`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.role === 'agent')
    return row.agent_level === null
      ? undefined
      : { id, kind: 'agent', parentId: row.agent_parent, level: Number(row.agent_level) };
  return { id, kind: 'player', parentId: row.player_parent, level: Number(row.parent_level ?? 0) + 1 };
}
