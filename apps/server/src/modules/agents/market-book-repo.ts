import type { Sql } from '../../db/database.ts';
import { authTables } from '../auth/index.ts';

/** One agent of a player's chain, with its share in basis points. */
export type ChainLink = { agentId: string; shareBasisPoints: number };

const UUID = /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/;

/**
 * The chains of the given bettors that are players: for each, its agents from the top (level 1) down to
 * its direct agent, empty for a house player. One statement, a walk up at most six rows per player; an
 * id that is no player's (the market maker's, staff's) is left out.
 */
export async function readChains(sql: Sql, bettorIds: string[]): Promise<Map<string, ChainLink[]>> {
  const ids = bettorIds.filter((id) => UUID.test(id));
  const rows = await sql.query<{ player_id: string; chain: string }>(
    `WITH RECURSIVE p AS (
       SELECT u.id AS player_id FROM ${authTables.users} u WHERE u.id = ANY($1::uuid[]) AND u.role = 'player'
     ), chain (player_id, agent_id, parent_id, level, share_bp) AS (
       SELECT p.player_id, a.user_id, a.parent_id, a.level, a.share_bp
         FROM p JOIN agent_players ap ON ap.player_id = p.player_id JOIN agents a ON a.user_id = ap.parent_id
       UNION ALL
       SELECT c.player_id, a.user_id, a.parent_id, a.level, a.share_bp
         FROM chain c JOIN agents a ON a.user_id = c.parent_id
     )
     SELECT p.player_id,
            coalesce(string_agg(c.agent_id::text || ':' || c.share_bp, ',' ORDER BY c.level), '') AS chain
       FROM p LEFT JOIN chain c ON c.player_id = p.player_id
      GROUP BY p.player_id`,
    [ids],
  );
  return new Map(
    rows.map((row) => [
      String(row.player_id),
      row.chain === ''
        ? []
        : row.chain.split(',').map((link) => {
            const [agentId = '', share = '0'] = link.split(':');
            return { agentId, shareBasisPoints: Number(share) };
          }),
    ]),
  );
}
