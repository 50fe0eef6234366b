import type { Sql } from '../../db/database.ts';
import { authTables } from '../auth/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ChainsAndShares = {
  /** Each player's agents, direct first; empty for a player of the house. */
  chains: Map<string, string[]>;
  /** The chain agents' shares from each moment on, oldest first. */
  history: Map<string, { fromMs: number; shareBp: number }[]>;
};

/**
 * Every player's agent chain and the chain agents' share history in one statement (docs/decisions/0291,
 * 0298): a recursive walk of `agent_players` → `agents` (the player's parent agent, then each parent
 * above, at most six), then the share rows of the agents it met. Chain rows carry the depth, share rows
 * their moment, so each kind comes back in its order. Players of the house come back with an empty chain
 * (their results are the house's whole, docs/decisions/0301); an id that is no player's (the market
 * maker's) not at all.
 */
export async function readChainsAndShares(sql: Sql, playerIds: readonly string[]): Promise<ChainsAndShares> {
  const rows = await sql.query<{
    player_id: string | null;
    agent_id: string | null;
    from_at: Date | string | null;
    share_bp: number | null;
  }>(
    `WITH RECURSIVE up (player_id, depth, agent_id) AS (
       SELECT player_id, 1, parent_id FROM agent_players WHERE player_id = ANY ($1::uuid[])
       UNION ALL
       SELECT up.player_id, up.depth + 1, a.parent_id FROM up JOIN agents a ON a.user_id = up.agent_id
        WHERE a.parent_id IS NOT NULL AND up.depth < 6
     ), rows AS (
       SELECT player_id::text, agent_id::text, depth, NULL::timestamptz AS from_at, NULL::int AS share_bp FROM up
       UNION ALL
       SELECT NULL, agent_id::text, 0, from_at, share_bp FROM agent_share_history
        WHERE agent_id IN (SELECT agent_id FROM up)
       UNION ALL
       SELECT u.id::text, NULL, 0, NULL, NULL FROM ${authTables.users} u
        WHERE u.id = ANY ($1::uuid[]) AND u.role = 'player'
          AND NOT EXISTS (SELECT 1 FROM agent_players ap WHERE ap.player_id = u.id)
     )
     SELECT player_id, agent_id, from_at, share_bp FROM rows ORDER BY player_id, depth, agent_id, from_at`,
    [playerIds.filter((id) => UUID.test(id))],
  );
  const chains = new Map<string, string[]>();
  const history = new Map<string, { fromMs: number; shareBp: number }[]>();
  for (const row of rows) {
    if (row.player_id !== null) {
      const chain = chains.get(row.player_id) ?? [];
      if (row.agent_id !== null) chain.push(row.agent_id);
      chains.set(row.player_id, chain);
    } else if (row.agent_id !== null) {
      const shares = history.get(row.agent_id) ?? [];
      shares.push({ fromMs: new Date(row.from_at!).getTime(), shareBp: Number(row.share_bp) });
      history.set(row.agent_id, shares);
    }
  }
  return { chains, history };
}

/** What a settlement reads of the tree to share its results (the exchange takes it from the app). */
export const agentChains = { chainsAndSharesOf: readChainsAndShares };
