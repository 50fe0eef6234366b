import { playerHoldAccountIdSql } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import type { SubtreeExposureRow, TreeStandingSql } from '../admission/index.ts';
import { walletTables } from '../wallet/index.ts';

/**
 * One walk up the tree from the gate's player `u` (at most six rows, `up`), and the accounts whose rows
 * bind it (`chain`: itself and those agents), with everything the standing takes from them in one
 * lateral row `tree`: the six columns share the walk instead of walking once each (docs/decisions/0304).
 */
const TREE_JOIN = `LEFT JOIN LATERAL (
    WITH RECURSIVE up AS (
      SELECT a.* FROM agent_players ap JOIN agents a ON a.user_id = ap.parent_id WHERE ap.player_id = u.id
      UNION ALL
      SELECT a.* FROM agents a JOIN up ON a.user_id = up.parent_id
    ), chain (account_id) AS (SELECT user_id FROM up UNION ALL SELECT u.id)
    SELECT (SELECT bool_or(bet_locked) FROM up) AS bet_locked,
           (SELECT min(max_stake_minor) FROM up) AS max_stake_minor,
           ARRAY(SELECT user_id::text FROM up WHERE exposure_limit_minor IS NOT NULL) AS limited_agents,
           ARRAY(SELECT l.market_id FROM chain JOIN agent_market_locks l USING (account_id)) AS locked_markets,
           ARRAY(SELECT l.event_id FROM chain JOIN agent_event_locks l USING (account_id)) AS locked_events,
           (SELECT jsonb_object_agg(sport, cap::text) FROM (
              SELECT l.sport, min(l.max_stake_minor) AS cap FROM chain JOIN agent_sport_stakes l USING (account_id)
               GROUP BY l.sport) caps) AS max_stake_by_sport
  ) tree ON true`;

/**
 * What the agents above a player add to its standing (docs/decisions/0290, 0292, 0300), SQL over the
 * gate's `u` read in the standing's one statement: the bet lock is the player's own or any agent's
 * above it; the stake cap is the least of the player's own and every agent's above it; the exposure
 * limit is the one its agent set on it; the agents whose subtree exposure is limited; the markets and
 * events locked on the player's own row or an agent's above it; per sport, the least cap of the same rows.
 */
export const TREE_STANDING: TreeStandingSql = {
  join: TREE_JOIN,
  betLocked: '(u.bet_locked OR coalesce(tree.bet_locked, false))',
  maxStake: 'least(u.max_stake_minor, tree.max_stake_minor)',
  exposureLimit: '(SELECT exposure_limit_minor FROM agent_players WHERE player_id = u.id)',
  limitedAgents: 'tree.limited_agents',
  lockedMarkets: 'tree.locked_markets',
  lockedEvents: 'tree.locked_events',
  maxStakeBySport: 'tree.max_stake_by_sport',
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
