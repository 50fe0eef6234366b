import type { Sql } from '../../db/database.ts';
import { authTables } from '../auth/index.ts';

/** One agent of a player's chain, with its share in basis points. */
export type ChainLink = { agentId: string; shareBasisPoints: number };

type AgentRow = { user_id: string; parent_id: string | null; share_bp: number };

const UUID = /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/;

/** What is known of a bettor: its direct agent, null for a house player, false for no player. */
type Parent = string | null | false;

/**
 * Bettors already looked up. A player's agent is set when the player is created and never changes
 * (assignPlayer), and an id's role never changes either, so this instance may keep them: the market
 * book then reads per bettor only once. Cleared whole past a bound, to hold memory to a few megabytes.
 */
const knownParents = new Map<string, Parent>();
const MAX_KNOWN_PARENTS = 200_000;

async function parentsOf(sql: Sql, bettorIds: string[]): Promise<Map<string, Parent>> {
  const unknown = bettorIds.filter((id) => UUID.test(id) && !knownParents.has(id));
  if (unknown.length > 0) {
    const rows = await sql.query<{ player_id: string; parent_id: string | null }>(
      `SELECT u.id::text AS player_id, ap.parent_id::text AS parent_id
         FROM ${authTables.users} u LEFT JOIN agent_players ap ON ap.player_id = u.id
        WHERE u.id = ANY ($1::uuid[]) AND u.role = 'player'`,
      [unknown],
    );
    if (knownParents.size + unknown.length > MAX_KNOWN_PARENTS) knownParents.clear();
    for (const id of unknown) knownParents.set(id, false);
    for (const row of rows) knownParents.set(row.player_id, row.parent_id);
  }
  // null (a house player) is a parent too: only an id never seen (no uuid) is no player.
  return new Map(bettorIds.map((id) => [id, knownParents.has(id) ? knownParents.get(id)! : false]));
}

/**
 * The chains of the given bettors that are players: for each, its agents from the top (level 1) down to
 * its direct agent, empty for a house player; an id that is no player's (the market maker's, staff's) is
 * left out. Each bettor's direct agent (read once per instance, see knownParents), then the few agents
 * above those agents once each (docs/decisions/0301); the chains are put together here, once per direct
 * agent, since a market's thousands of bettors share a few hundred agents.
 */
export async function readChains(sql: Sql, bettorIds: string[]): Promise<Map<string, ChainLink[]>> {
  const parents = await parentsOf(sql, bettorIds);
  const agentIds = new Set([...parents.values()].filter((parent) => typeof parent === 'string'));
  const chainOf = chainsFrom(await readAgentsAbove(sql, [...agentIds]));
  const chains = new Map<string, ChainLink[]>();
  for (const [id, parent] of parents) if (parent !== false) chains.set(id, parent ? chainOf(parent) : []);
  return chains;
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
