import type { Sql } from '../../db/database.ts';
import type { PlayerScope } from '../exchange/index.ts';

/** An agent's chain from the top: each agent's part in basis points (see readChainParts). */
export type Chain = readonly bigint[];

/**
 * Every agent's chain as the house's book splits a player's result under it: the parts in basis points
 * of the agents from the top (level 1) down to it, each its share less that of its child on the way, its
 * own share last (docs/decisions/0289). One walk down the whole tree, whose agents number in thousands.
 * Agents with the same parts share one array, so a book splits each result once per distinct chain.
 */
export async function readChainParts(sql: Sql): Promise<Map<string, Chain>> {
  const rows = await sql.query<{ agent_id: string; parts: string }>(
    `WITH RECURSIVE tree (id, share_bp, parts) AS (
       SELECT user_id, share_bp, ARRAY[]::integer[] FROM agents WHERE parent_id IS NULL
       UNION ALL
       SELECT c.user_id, c.share_bp, tree.parts || (tree.share_bp - c.share_bp)
         FROM agents c JOIN tree ON c.parent_id = tree.id
     )
     SELECT id::text AS agent_id, array_to_string(parts || share_bp, ',') AS parts FROM tree`,
  );
  const chains = new Map<string, Chain>();
  const byAgent = new Map<string, Chain>();
  for (const row of rows) {
    let chain = chains.get(row.parts);
    if (!chain) chains.set(row.parts, (chain = row.parts.split(',').map((part) => BigInt(part))));
    byAgent.set(row.agent_id, chain);
  }
  return byAgent;
}

/**
 * The agents of `accountId`'s subtree, itself included, each with the account's part in basis points of
 * the results of the players directly under it (docs/decisions/0289): its share less that of its child
 * on the way down, all of it for its own players. One walk down the agents, a few hundred rows at most.
 */
export async function readSubtreeParts(sql: Sql, accountId: string): Promise<Map<string, number>> {
  const rows = await sql.query<{ agent_id: string; part: number }>(
    `WITH RECURSIVE sub (id, part) AS (
       SELECT user_id, share_bp FROM agents WHERE user_id = $1
       UNION ALL
       SELECT c.user_id, CASE WHEN sub.id = $1 THEN sub.part - c.share_bp ELSE sub.part END
         FROM agents c JOIN sub ON c.parent_id = sub.id
     )
     SELECT id::text AS agent_id, part FROM sub`,
    [accountId],
  );
  return new Map(rows.map((row) => [row.agent_id, Number(row.part)]));
}

/**
 * The part in basis points that `callerId` takes of the results of the players under `accountId`, an
 * agent below it (docs/decisions/0313): the caller's share less that of its child on the way down to the
 * account. A walk up from the account, six rows at most; null when the caller is not above it.
 */
export async function readCallerPart(sql: Sql, callerId: string, accountId: string): Promise<number | null> {
  const [row] = await sql.query<{ part: number }>(
    `WITH RECURSIVE up (id, parent_id, share_bp) AS (
       SELECT user_id, parent_id, share_bp FROM agents WHERE user_id = $2
       UNION ALL
       SELECT a.user_id, a.parent_id, a.share_bp FROM agents a JOIN up ON a.user_id = up.parent_id
        WHERE up.parent_id <> $1
     )
     SELECT caller.share_bp - up.share_bp AS part
       FROM up JOIN agents caller ON caller.user_id = up.parent_id WHERE up.parent_id = $1`,
    [callerId, accountId],
  );
  return row ? Number(row.part) : null;
}

/**
 * The players directly under the given agents, each tagged with its agent: found through the index of
 * agent_players by agent, so a market book reads only its subtree's bettors, not every bettor's chain.
 */
export const playersUnder = (agentIds: string[]): PlayerScope => ({
  players: `SELECT ap.player_id::text AS player_id, ap.parent_id::text AS tag
              FROM agent_players ap WHERE ap.parent_id = ANY ($2::uuid[])`,
  params: [agentIds],
});
