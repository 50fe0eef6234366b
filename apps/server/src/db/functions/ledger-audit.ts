import type { SqlFunction } from './apply.ts';

/**
 * The full ledger audit, for tests and for periodic runs against a live database (docs/decisions/0012):
 * one statement, so one consistent snapshot without locking anything. Answers one row per violation,
 * none when the ledger is sound. Cost is linear in transfers and accounts, which is why commits do not
 * run it.
 *   SUM_NOT_ZERO       all balances (player rows and system shards) do not add up to zero
 *   BALANCE_NOT_FOLD   an account's stored balance differs from the fold of its transfers
 *   MISPLACED_BALANCE  a system account's own row, or a shard of a player account, is not zero
 *   HOLD_NOT_PENDING   a hold account differs from the total of its player's pending holds
 *   UNKNOWN_ACCOUNT    transfers name an account that does not exist
 */
export const ledgerAuditFunctions: readonly SqlFunction[] = [
  {
    signature: 'ledger_audit()',
    sql: `
CREATE OR REPLACE FUNCTION ledger_audit()
RETURNS TABLE (problem text, account_id text, stored_minor numeric, expected_minor numeric)
LANGUAGE sql STABLE AS $$
  WITH folded AS (
    SELECT m.account_id, sum(m.delta_minor) AS fold_minor FROM (
      SELECT t.debit_account_id AS account_id, -sum(t.amount_minor) AS delta_minor FROM transfers t GROUP BY 1
      UNION ALL
      SELECT t.credit_account_id, sum(t.amount_minor) FROM transfers t GROUP BY 1
    ) m GROUP BY m.account_id
  ), sharded AS (
    SELECT s.account_id, sum(s.balance_minor) AS shard_minor FROM system_balance_shards s GROUP BY 1
  ), stored AS (
    SELECT a.account_id, a.kind, a.player_id, a.balance_minor::numeric AS row_minor,
           coalesce(sh.shard_minor, 0) AS shard_minor, a.balance_minor + coalesce(sh.shard_minor, 0) AS total_minor
      FROM accounts a LEFT JOIN sharded sh ON sh.account_id = a.account_id
  ), pending AS (
    SELECT 'hold:' || h.player_id AS account_id, sum(h.held_minor) AS held_minor FROM holds h
     WHERE h.state = 'PENDING' GROUP BY 1
  )
  SELECT 'SUM_NOT_ZERO', NULL::text, sum(st.total_minor), 0::numeric FROM stored st
  HAVING sum(st.total_minor) <> 0
  UNION ALL
  SELECT 'BALANCE_NOT_FOLD', st.account_id, st.total_minor, coalesce(f.fold_minor, 0)
    FROM stored st LEFT JOIN folded f ON f.account_id = st.account_id
   WHERE st.total_minor <> coalesce(f.fold_minor, 0)
  UNION ALL
  SELECT 'MISPLACED_BALANCE', st.account_id, CASE WHEN st.player_id IS NULL THEN st.row_minor ELSE st.shard_minor END, 0
    FROM stored st
   WHERE (st.player_id IS NULL AND st.row_minor <> 0) OR (st.player_id IS NOT NULL AND st.shard_minor <> 0)
  UNION ALL
  SELECT 'HOLD_NOT_PENDING', st.account_id, st.total_minor, coalesce(p.held_minor, 0)
    FROM stored st LEFT JOIN pending p ON p.account_id = st.account_id
   WHERE st.kind = 'PLAYER_HOLD' AND st.total_minor <> coalesce(p.held_minor, 0)
  UNION ALL
  SELECT 'UNKNOWN_ACCOUNT', f.account_id, NULL, f.fold_minor
    FROM folded f WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.account_id = f.account_id)
  ORDER BY 1, 2;
$$;
`,
  },
];
