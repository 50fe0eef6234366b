import { BY_KEY_ONLY, type SqlFunction } from './apply.ts';

/**
 * Many plain transfers in one call, for group commit (docs/decisions/0197, 0203): the common batch
 * posted in a few set-based statements, anything else item by item through ledger_transfer.
 */
export const ledgerTransfersBatchFunctions: readonly SqlFunction[] = [
  // The entry point. Each item is judged exactly as ledger_transfer judges it alone, and answers by its
  // place in the array. Items are applied grouped by the player they touch, each player's in the order
  // given: concurrent batches then take their players' row locks in one global order and cannot
  // deadlock on each other.
  {
    signature: 'ledger_transfers(jsonb)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_transfers(p_items jsonb)
RETURNS TABLE (ord int, code text, replay jsonb, transfer_id bigint, balances jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  item record;
BEGIN
  -- The common batch (stakes and payouts between players' cash and system accounts, new keys, no
  -- overdraft) is posted in a few set-based statements; anything else item by item below.
  IF jsonb_array_length(p_items) > 1 AND ledger_transfers_fit(p_items) THEN
    RETURN QUERY SELECT * FROM ledger_transfers_post(p_items);
    RETURN;
  END IF;
  FOR item IN
    SELECT (e.ordinality - 1)::int AS i, e.value AS v FROM jsonb_array_elements(p_items) WITH ORDINALITY e
     ORDER BY CASE WHEN left(e.value->>'debit', 5) IN ('cash:', 'hold:') THEN e.value->>'debit'
                   ELSE e.value->>'credit' END, e.ordinality
  LOOP
    ord := item.i;
    SELECT t.code, t.replay, t.transfer_id, t.balances INTO code, replay, transfer_id, balances
      FROM ledger_transfer(item.v->>'key', item.v->>'fingerprint', item.v->>'debit', item.v->>'credit',
                           (item.v->>'amount')::bigint, item.v->>'kind', item.v->>'remark',
                           item.v->>'reference') t;
    RETURN NEXT;
  END LOOP;
END $$;
`,
  },
  // A batch's items with the player's cash account each moves, the system account on the other side,
  // and the signed change to the cash: what ledger_transfers_fit judges and ledger_transfers_post posts.
  // PL/pgSQL, so that the planner takes ROWS as the batch's size (docs/decisions/0203).
  {
    signature: 'ledger_batch_moves(jsonb)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_batch_moves(p_items jsonb)
RETURNS TABLE (n bigint, v jsonb, cash text, other text, delta bigint, desk bigint, judged boolean)
LANGUAGE plpgsql IMMUTABLE ROWS 10 AS $$
BEGIN
  RETURN QUERY
  SELECT x.n, x.v, x.cash, x.other, x.delta,
         CASE WHEN x.kind IN ('DEPOSIT', 'WITHDRAW') THEN x.delta ELSE 0 END,
         x.kind NOT IN ('DEPOSIT', 'WITHDRAW', 'REVERSAL')
    FROM (SELECT e.n, e.v, e.v->>'kind' AS kind,
                 CASE WHEN left(e.v->>'debit', 5) = 'cash:' THEN e.v->>'debit' ELSE e.v->>'credit' END AS cash,
                 CASE WHEN left(e.v->>'debit', 5) = 'cash:' THEN e.v->>'credit' ELSE e.v->>'debit' END AS other,
                 CASE WHEN left(e.v->>'debit', 5) = 'cash:' THEN -((e.v->>'amount')::bigint)
                      ELSE (e.v->>'amount')::bigint END AS delta
            FROM jsonb_array_elements(p_items) WITH ORDINALITY e(v, n)) x;
END $$;
`,
  },
  // Whether a batch can be posted set-based with the same answers item by item would give: every item
  // moves one player's cash against an existing system account, its key is new and unique in the
  // batch, and no player's cash goes below zero at any item in order. Locks the players' cash rows (in
  // id order) before judging their balances, as the item-by-item path's guarded update does. Known keys
  // are probed through the index with an array (docs/decisions/0197), which a plan cached while
  // ledger_operations was small would scan without BY_KEY_ONLY (0207). Accounts are probed one item at
  // a time (LATERAL ... OFFSET 0, docs/decisions/0203): joined with the items, whose count the planner
  // cannot see, the plan scans every account on every batch.
  {
    signature: 'ledger_transfers_fit(jsonb)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_transfers_fit(p_items jsonb) RETURNS boolean
LANGUAGE plpgsql ${BY_KEY_ONLY} AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(p_items) i
              WHERE (left(i->>'debit', 5) = 'cash:') = (left(i->>'credit', 5) = 'cash:')
                 OR left(i->>'debit', 5) = 'hold:' OR left(i->>'credit', 5) = 'hold:') THEN
    RETURN false;
  END IF;
  IF (SELECT count(DISTINCT i->>'key') FROM jsonb_array_elements(p_items) i) <> jsonb_array_length(p_items)
     OR EXISTS (SELECT 1 FROM ledger_operations o
                 WHERE o.idempotency_key = ANY (ARRAY(SELECT i->>'key' FROM jsonb_array_elements(p_items) i))) THEN
    RETURN false;
  END IF;
  IF EXISTS (
    SELECT 1 FROM ledger_batch_moves(p_items) m
      LEFT JOIN LATERAL (SELECT a.kind FROM accounts a WHERE a.account_id = m.cash OFFSET 0) c ON true
      LEFT JOIN LATERAL (SELECT a.player_id, true AS found FROM accounts a WHERE a.account_id = m.other OFFSET 0) s ON true
     WHERE c.kind IS DISTINCT FROM 'PLAYER_CASH' OR s.found IS NULL OR s.player_id IS NOT NULL
  ) THEN
    RETURN false;
  END IF;
  PERFORM 1 FROM (SELECT DISTINCT m.cash FROM ledger_batch_moves(p_items) m ORDER BY m.cash) k
    CROSS JOIN LATERAL (SELECT 1 FROM accounts a WHERE a.account_id = k.cash FOR UPDATE OFFSET 0) locked;
  -- A new statement: it reads the balances as committed once the locks were granted.
  -- A stake may not take the cash below a loss limit's floor, which moves with the cash desk's items
  -- (migration 016); the item-by-item path then answers LOSS_LIMIT_REACHED.
  RETURN NOT EXISTS (
    SELECT 1 FROM (
      SELECT c.balance_minor + sum(m.delta) OVER w AS after_minor,
             c.loss_floor_minor + sum(m.desk) OVER w AS floor_after, m.delta, m.judged
        FROM ledger_batch_moves(p_items) m
       CROSS JOIN LATERAL (SELECT a.balance_minor, a.loss_floor_minor FROM accounts a
                            WHERE a.account_id = m.cash OFFSET 0) c
      WINDOW w AS (PARTITION BY m.cash ORDER BY m.n)
    ) x WHERE x.after_minor < 0 OR (x.judged AND x.delta < 0 AND x.after_minor < x.floor_after));
END $$;
`,
  },
  // Posts a batch ledger_transfers_fit accepted: one update per player, one per system account's shard,
  // the transfers in item order with each player's running balance, and the answers a replay gives.
  // Answers one row per item, as ledger_transfer would have. Accounts are read by key (see the fit
  // above); the players' update is a join held to probes by key (BY_KEY_ONLY): told only the batch's
  // size (ledger_batch_moves), the planner still scanned a table of 800 accounts, and kept that plan.
  {
    signature: 'ledger_transfers_post(jsonb)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_transfers_post(p_items jsonb)
RETURNS TABLE (ord int, code text, replay jsonb, transfer_id bigint, balances jsonb)
LANGUAGE plpgsql ${BY_KEY_ONLY} AS $$
BEGIN
  -- The fit has checked every account these transfers name: their insert skips the per-row check
  -- (migration 013). Local to the transaction, and cleared as soon as the statement is done.
  PERFORM set_config('ledger.batch_accounts_checked', 'on', true);
  RETURN QUERY
  WITH items AS (
    SELECT (m.n - 1)::int AS i, m.v->>'key' AS op_key, m.v->>'fingerprint' AS print, m.v->>'debit' AS debit,
           m.v->>'credit' AS credit, (m.v->>'amount')::bigint AS amount, m.v->>'kind' AS transfer_kind,
           m.v->>'remark' AS remark, m.v->>'reference' AS ref, m.cash, m.other, m.delta, m.desk
      FROM ledger_batch_moves(p_items) m
  ), running AS (
    SELECT items.*, a.player_id AS owner,
           a.balance_minor + sum(items.delta) OVER (PARTITION BY items.cash ORDER BY items.i) AS cash_after
      FROM items
     CROSS JOIN LATERAL (SELECT c.player_id, c.balance_minor FROM accounts c WHERE c.account_id = items.cash OFFSET 0) a
  ), players AS (
    UPDATE accounts a SET balance_minor = a.balance_minor + p.delta, loss_floor_minor = a.loss_floor_minor + p.desk
      FROM (SELECT items.cash, sum(items.delta) AS delta, sum(items.desk) AS desk FROM items GROUP BY items.cash) p
     WHERE a.account_id = p.cash AND p.delta <> 0
  ), shards AS (
    INSERT INTO system_balance_shards AS s (account_id, shard, balance_minor)
    SELECT items.other, pg_backend_pid() % 64, -sum(items.delta) FROM items GROUP BY items.other
    ON CONFLICT (account_id, shard) DO UPDATE SET balance_minor = s.balance_minor + EXCLUDED.balance_minor
  ), posted AS (
    INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount_minor, kind, remark,
                           reference, debit_balance_after_minor, credit_balance_after_minor)
    SELECT r.op_key || '#0', r.debit, r.credit, r.amount, r.transfer_kind, r.remark, r.ref,
           CASE WHEN r.delta < 0 THEN r.cash_after END, CASE WHEN r.delta > 0 THEN r.cash_after END
      FROM running r ORDER BY r.i
    RETURNING transfers.id, transfers.idempotency_key
  ), remembered AS (
    INSERT INTO ledger_operations (idempotency_key, fingerprint, result)
    SELECT r.op_key, r.print, jsonb_build_object('ok', true, 'hold', NULL, 'transfers', jsonb_build_array(
             jsonb_build_object('id', p.id, 'idempotencyKey', r.op_key || '#0', 'debitAccountId', r.debit,
               'creditAccountId', r.credit, 'amountMinor', r.amount::text, 'kind', r.transfer_kind,
               'remark', r.remark, 'reference', r.ref, 'holdId', NULL, 'reversesTransferId', NULL)))
      FROM running r JOIN posted p ON p.idempotency_key = r.op_key || '#0'
  )
  SELECT r.i, NULL::text, NULL::jsonb, p.id,
         jsonb_build_object(r.cash, r.cash_after::text, 'hold:' || r.owner, h.balance_minor::text)
    FROM running r
    JOIN posted p ON p.idempotency_key = r.op_key || '#0'
   CROSS JOIN LATERAL (SELECT a.balance_minor FROM accounts a WHERE a.account_id = 'hold:' || r.owner OFFSET 0) h
   ORDER BY r.i;
  PERFORM set_config('ledger.batch_accounts_checked', '', true);
END $$;
`,
  },
];
