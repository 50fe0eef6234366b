import { playerHoldAccountIdSql } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import type { SubtreeExposureRow, TreeStandingSql } from '../admission/index.ts';
import { walletTables } from '../wallet/index.ts';
import { TREE_BET_LOCKED } from './locks-repo.ts';

/** The agents above the gate's player `u` as rows of `up`, a walk of at most six rows. */
const ABOVE = `WITH RECURSIVE up AS (
    SELECT a.* FROM agent_players ap JOIN agents a ON a.user_id = ap.parent_id WHERE ap.player_id = u.id
    UNION ALL
    SELECT a.* FROM agents a JOIN up ON a.user_id = up.parent_id
  )`;

/** `columns` of the rows of `table` on the player's own account or an agent's above it. */
function onChain(table: string, ...columns: string[]): string {
  const picked = columns.map((column) => `l.${column}`).join(', ');
  return `${ABOVE}
    SELECT ${picked} FROM ${table} l WHERE l.account_id = u.id
    UNION ALL SELECT ${picked} FROM up JOIN ${table} l ON l.account_id = up.user_id`;
}

/**
 * What the agents above a player add to its standing (docs/decisions/0290, 0292, 0300), SQL over the
 * gate's `u` read in the standing's one statement: the stake cap is the least of the player's own and
 * every agent's above it; the exposure limit is the one its agent set on it; the agents whose subtree
 * exposure is limited; the markets and events locked on the player's own row or an agent's above it;
 * per sport, the least cap of the same rows.
 */
export const TREE_STANDING: TreeStandingSql = {
  betLocked: TREE_BET_LOCKED,
  maxStake: `least(u.max_stake_minor, (${ABOVE} SELECT min(max_stake_minor) FROM up))`,
  exposureLimit: '(SELECT exposure_limit_minor FROM agent_players WHERE player_id = u.id)',
  limitedAgents: `ARRAY(${ABOVE} SELECT user_id::text FROM up WHERE exposure_limit_minor IS NOT NULL)`,
  lockedMarkets: `ARRAY(${onChain('agent_market_locks', 'market_id')})`,
  lockedEvents: `ARRAY(${onChain('agent_event_locks', 'event_id')})`,
  maxStakeBySport: `(SELECT jsonb_object_agg(sport, cap::text) FROM (
    SELECT sport, min(max_stake_minor) AS cap FROM (${onChain('agent_sport_stakes', 'sport', 'max_stake_minor')}) caps
     GROUP BY sport) least_caps)`,
};

/**
 * Each agent with an exposure limit and its whole subtree's exposure now (the holds of every player
 * below it), in one statement for all of them: the gate reads it at most once a second (0292).
 */
export function readSubtreeExposures(sql: Sql): Promise<SubtreeExposureRow[]> {
  return sql.query<SubtreeExposureRow>(
    `WITH RECURSIVE down (root, id) AS (
       SELECT user_id, user_id FROM agents WHERE exposure_limit_minor IS NOT NULL
       UNION ALL
       SELECT down.root, a.user_id FROM agents a JOIN down ON a.parent_id = down.id
     )
     SELECT r.user_id::text AS id, r.exposure_limit_minor, coalesce(sum(h.balance_minor), 0)::bigint AS exposure_minor
       FROM down
       JOIN agents r ON r.user_id = down.root
       LEFT JOIN agent_players ap ON ap.parent_id = down.id
       LEFT JOIN ${walletTables.accounts} h ON h.account_id = ${playerHoldAccountIdSql('ap.player_id')}
      GROUP BY r.user_id, r.exposure_limit_minor`,
  );
}
