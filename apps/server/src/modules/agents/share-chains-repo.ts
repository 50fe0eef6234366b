import type { Sql } from '../../db/database.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every player's agent chain in one statement (docs/decisions/0291): its parent agent, then each parent
 * above (at most six), direct agent first. Players of the house have no row, so a settlement of house
 * players only costs this one read.
 */
export async function readChains(sql: Sql, playerIds: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await sql.query<{ player_id: string; agent_id: string }>(
    `WITH RECURSIVE up (player_id, depth, agent_id) AS (
       SELECT player_id, 1, parent_id FROM agent_players WHERE player_id = ANY ($1::uuid[])
       UNION ALL
       SELECT up.player_id, up.depth + 1, a.parent_id FROM up JOIN agents a ON a.user_id = up.agent_id
        WHERE a.parent_id IS NOT NULL AND up.depth < 6
     )
     SELECT player_id::text, agent_id::text FROM up ORDER BY player_id, depth`,
    [playerIds.filter((id) => UUID.test(id))],
  );
  const chains = new Map<string, string[]>();
  for (const row of rows) chains.set(row.player_id, [...(chains.get(row.player_id) ?? []), row.agent_id]);
  return chains;
}

/** The agents' shares from each moment on, oldest first, in one statement. */
export async function readShareHistory(
  sql: Sql,
  agentIds: readonly string[],
): Promise<Map<string, { fromMs: number; shareBp: number }[]>> {
  const rows = await sql.query<{ agent_id: string; from_at: Date | string; share_bp: number }>(
    `SELECT agent_id::text, from_at, share_bp FROM agent_share_history
      WHERE agent_id = ANY ($1::uuid[]) ORDER BY agent_id, from_at`,
    [agentIds],
  );
  const history = new Map<string, { fromMs: number; shareBp: number }[]>();
  for (const row of rows) {
    const entry = { fromMs: new Date(row.from_at).getTime(), shareBp: Number(row.share_bp) };
    history.set(row.agent_id, [...(history.get(row.agent_id) ?? []), entry]);
  }
  return history;
}

/** What a settlement reads of the tree to share its results (the exchange takes it from the app). */
export const agentChains = { chainsOf: readChains, shareHistoryOf: readShareHistory };
