import type { Sql } from '../../db/database.ts';
import { authTables } from '../auth/index.ts';

/** One agent of a player's chain, with its share in basis points. */
export type ChainLink = { agentId: string; shareBasisPoints: number };

type AgentRow = { user_id: string; parent_id: string | null; share_bp: number };

const UUID = /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/;

/**
 * The chains of the given bettors that are players: for each, its agents from the top (level 1) down to
 * its direct agent, empty for a house player; an id that is no player's (the market maker's, staff's) is
 * left out. Two statements rather than a walk per player (docs/decisions/0298): each player's direct
 * agent, then the few agents above those agents once each; the chains are put together here, once per
 * direct agent, since a market's thousands of bettors share a few hundred agents.
 */
export async function readChains(sql: Sql, bettorIds: string[]): Promise<Map<string, ChainLink[]>> {
  const ids = bettorIds.filter((id) => UUID.test(id));
  const players = await sql.query<{ player_id: string; parent_id: string | null }>(
    `SELECT u.id::text AS player_id, ap.parent_id::text AS parent_id
       FROM ${authTables.users} u LEFT JOIN agent_players ap ON ap.player_id = u.id
      WHERE u.id = ANY ($1::uuid[]) AND u.role = 'player'`,
    [ids],
  );
  const agents = await readAgentsAbove(sql, [
    ...new Set(players.flatMap((row) => (row.parent_id ? [row.parent_id] : []))),
  ]);
  const chainOf = chainsFrom(agents);
  return new Map(players.map((row) => [row.player_id, row.parent_id ? chainOf(row.parent_id) : []]));
}

/** The given agents and every agent above them, each once. */
async function readAgentsAbove(sql: Sql, agentIds: string[]): Promise<Map<string, AgentRow>> {
  if (agentIds.length === 0) return new Map();
  const rows = await sql.query<AgentRow>(
    `WITH RECURSIVE up (user_id, parent_id, share_bp) AS (
       SELECT user_id, parent_id, share_bp FROM agents WHERE user_id = ANY ($1::uuid[])
       UNION
       SELECT a.user_id, a.parent_id, a.share_bp FROM agents a JOIN up ON a.user_id = up.parent_id
     )
     SELECT user_id::text, parent_id::text, share_bp FROM up`,
    [agentIds],
  );
  return new Map(rows.map((row) => [row.user_id, row]));
}

/** An agent's chain from the top down to it, built once per agent. */
function chainsFrom(agents: Map<string, AgentRow>): (agentId: string) => ChainLink[] {
  const built = new Map<string, ChainLink[]>();
  const chainOf = (agentId: string): ChainLink[] => {
    const known = built.get(agentId);
    if (known) return known;
    const agent = agents.get(agentId);
    if (!agent) return [];
    const above = agent.parent_id ? chainOf(agent.parent_id) : [];
    const chain = [...above, { agentId, shareBasisPoints: Number(agent.share_bp) }];
    built.set(agentId, chain);
    return chain;
  };
  return chainOf;
}
