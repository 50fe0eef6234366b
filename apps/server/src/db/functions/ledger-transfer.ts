import type { SqlFunction } from './apply.ts';

/**
 * A whole plain transfer in one statement, the hot path (deposits, withdrawals, casino debits and
 * credits; docs/decisions/0013), plus the slower locked path it falls back to.
 */
export const ledgerTransferFunctions: readonly SqlFunction[] = [
  // Replay, UNKNOWN_ACCOUNT, RESERVED_ACCOUNT, INSUFFICIENT_FUNDS, post, remember. Answers a code, or the
  // stored result of a replay, or the new transfer's id and the balances of the player behind it (the caller
  // knows the rest of the transfer). A concurrent duplicate key fails on the unique keys and the caller
  // retries, which then answers from ledger_operations.
  {
    signature: 'ledger_transfer(text,text,text,text,bigint,text,text,text)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_transfer(p_key text, p_fingerprint text, p_debit text, p_credit text, p_amount bigint,
                                p_kind text, p_remark text, p_reference text,
                                OUT code text, OUT replay jsonb, OUT transfer_id bigint, OUT balances jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  stored_fingerprint text;
  player_account text;
  player_delta bigint;
  cash_after bigint;
  owner text;
BEGIN
  SELECT o.fingerprint, o.result INTO stored_fingerprint, replay FROM ledger_operations o WHERE o.idempotency_key = p_key;
  IF FOUND THEN
    IF stored_fingerprint <> p_fingerprint THEN replay := NULL; code := 'DUPLICATE_KEY_DIFFERENT_BODY'; END IF;
    RETURN;
  END IF;
  -- The common case, one player's cash against a system account, tried first as one guarded update:
  -- it locks the cash row, re-reads its latest committed balance, refuses an overdraft and checks that
  -- the other side is a system account, all in one statement. Every writer of a player's hold account
  -- locks the cash account first (ledger_lock_players), so this one lock orders all of the player's
  -- changes. Player ids carry these prefixes, system ids never do (packages/ledger accounts.ts).
  IF (left(p_debit, 5) = 'cash:') <> (left(p_credit, 5) = 'cash:')
     AND left(p_debit, 5) <> 'hold:' AND left(p_credit, 5) <> 'hold:' THEN
    player_delta := CASE WHEN left(p_debit, 5) = 'cash:' THEN -p_amount ELSE p_amount END;
    UPDATE accounts SET balance_minor = balance_minor + player_delta
     WHERE account_id = CASE WHEN player_delta < 0 THEN p_debit ELSE p_credit END AND kind = 'PLAYER_CASH'
       AND balance_minor + player_delta >= 0
       AND EXISTS (SELECT 1 FROM accounts s WHERE s.account_id = CASE WHEN player_delta < 0 THEN p_credit
                                                                      ELSE p_debit END AND s.player_id IS NULL)
    RETURNING account_id, balance_minor, player_id INTO player_account, cash_after, owner;
  END IF;
  IF player_account IS NULL THEN
    SELECT l.code, l.transfer_id, l.balances INTO code, transfer_id, balances
      FROM ledger_transfer_locked(p_key, p_fingerprint, p_debit, p_credit, p_amount, p_kind, p_remark, p_reference) l;
    RETURN;
  END IF;
  INSERT INTO system_balance_shards AS s (account_id, shard, balance_minor)
  VALUES (CASE WHEN player_delta < 0 THEN p_credit ELSE p_debit END, pg_backend_pid() % 64, -player_delta)
  ON CONFLICT (account_id, shard) DO UPDATE SET balance_minor = s.balance_minor + EXCLUDED.balance_minor;
  INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount_minor, kind, remark,
                         reference, debit_balance_after_minor, credit_balance_after_minor)
  VALUES (p_key || '#0', p_debit, p_credit, p_amount, p_kind, p_remark, p_reference,
          CASE WHEN player_delta < 0 THEN cash_after END, CASE WHEN player_delta > 0 THEN cash_after END)
  RETURNING id INTO transfer_id;
  PERFORM ledger_remember_transfer(p_key, p_fingerprint, transfer_id, p_debit, p_credit, p_amount, p_kind,
                                   p_remark, p_reference);
  -- A new statement, so it reads the hold balance as committed after the lock was granted.
  SELECT jsonb_build_object(player_account, cash_after::text, h.account_id, h.balance_minor::text) INTO balances
    FROM accounts h WHERE h.account_id = 'hold:' || owner;
END $$;
`,
  },
  // Many plain transfers in one call (group commit: one round trip for a whole batch). Each item is judged
  // exactly as ledger_transfer judges it alone, and answers by its place in the array. Items are applied
  // grouped by the player they touch, each player's in the order given: concurrent batches then take
  // their players' row locks in one global order and cannot deadlock on each other.
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
  // Whether a batch can be posted set-based with the same answers item by item would give: every item
  // moves one player's cash against an existing system account, its key is new and unique in the
  // batch, and no player's cash goes below zero at any item in order. Locks the players' cash rows (in
  // id order) before judging their balances, as the item-by-item path's guarded update does. Known keys
  // are probed through the index with an array (docs/decisions/0197): written as a join with the items,
  // a plan made while the table was small scans all of ledger_operations on every batch.
  {
    signature: 'ledger_transfers_fit(jsonb)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_transfers_fit(p_items jsonb) RETURNS boolean LANGUAGE plpgsql AS $$
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
    SELECT 1 FROM (
      SELECT CASE WHEN left(i->>'debit', 5) = 'cash:' THEN i->>'debit' ELSE i->>'credit' END AS cash,
             CASE WHEN left(i->>'debit', 5) = 'cash:' THEN i->>'credit' ELSE i->>'debit' END AS other
        FROM jsonb_array_elements(p_items) i
    ) m
    LEFT JOIN accounts c ON c.account_id = m.cash
    LEFT JOIN accounts s ON s.account_id = m.other
    WHERE c.account_id IS NULL OR c.kind <> 'PLAYER_CASH' OR s.account_id IS NULL OR s.player_id IS NOT NULL
  ) THEN
    RETURN false;
  END IF;
  PERFORM 1 FROM accounts a
    WHERE a.account_id IN (SELECT CASE WHEN left(i->>'debit', 5) = 'cash:' THEN i->>'debit' ELSE i->>'credit' END
                             FROM jsonb_array_elements(p_items) i)
    ORDER BY a.account_id FOR UPDATE;
  -- A new statement: it reads the balances as committed once the locks were granted.
  RETURN NOT EXISTS (
    SELECT 1 FROM (
      SELECT c.balance_minor + sum(m.delta) OVER (PARTITION BY m.cash ORDER BY m.n) AS after_minor
        FROM (SELECT e.n,
                     CASE WHEN left(e.v->>'debit', 5) = 'cash:' THEN e.v->>'debit' ELSE e.v->>'credit' END AS cash,
                     CASE WHEN left(e.v->>'debit', 5) = 'cash:' THEN -((e.v->>'amount')::bigint)
                          ELSE (e.v->>'amount')::bigint END AS delta
                FROM jsonb_array_elements(p_items) WITH ORDINALITY e(v, n)) m
        JOIN accounts c ON c.account_id = m.cash
    ) x WHERE x.after_minor < 0);
END $$;
`,
  },
  // Posts a batch ledger_transfers_fit accepted: one update per player, one per system account's shard,
  // the transfers in item order with each player's running balance, and the answers a replay gives.
  // Answers one row per item, as ledger_transfer would have.
  {
    signature: 'ledger_transfers_post(jsonb)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_transfers_post(p_items jsonb)
RETURNS TABLE (ord int, code text, replay jsonb, transfer_id bigint, balances jsonb)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  WITH items AS (
    SELECT (e.n - 1)::int AS i, e.v->>'key' AS op_key, e.v->>'fingerprint' AS print, e.v->>'debit' AS debit,
           e.v->>'credit' AS credit, (e.v->>'amount')::bigint AS amount, e.v->>'kind' AS transfer_kind,
           e.v->>'remark' AS remark, e.v->>'reference' AS ref,
           CASE WHEN left(e.v->>'debit', 5) = 'cash:' THEN e.v->>'debit' ELSE e.v->>'credit' END AS cash,
           CASE WHEN left(e.v->>'debit', 5) = 'cash:' THEN e.v->>'credit' ELSE e.v->>'debit' END AS other,
           CASE WHEN left(e.v->>'debit', 5) = 'cash:' THEN -((e.v->>'amount')::bigint)
                ELSE (e.v->>'amount')::bigint END AS delta
      FROM jsonb_array_elements(p_items) WITH ORDINALITY e(v, n)
  ), running AS (
    SELECT items.*, a.player_id AS owner,
           a.balance_minor + sum(items.delta) OVER (PARTITION BY items.cash ORDER BY items.i) AS cash_after
      FROM items JOIN accounts a ON a.account_id = items.cash
  ), players AS (
    UPDATE accounts a SET balance_minor = a.balance_minor + p.delta
      FROM (SELECT items.cash, sum(items.delta) AS delta FROM items GROUP BY items.cash) p
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
         jsonb_build_object(r.cash, r.cash_after::text, h.account_id, h.balance_minor::text)
    FROM running r
    JOIN posted p ON p.idempotency_key = r.op_key || '#0'
    JOIN accounts h ON h.account_id = 'hold:' || r.owner
   ORDER BY r.i;
END $$;
`,
  },
  // Stores the answer a replay of a plain transfer gives (the shape ledger-codec.ts decodes).
  {
    signature: 'ledger_remember_transfer(text,text,bigint,text,text,bigint,text,text,text)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_remember_transfer(p_key text, p_fingerprint text, p_id bigint, p_debit text, p_credit text,
                                         p_amount bigint, p_kind text, p_remark text, p_reference text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- plpgsql, not sql: PL/pgSQL keeps the statement's plan for the connection; a sql function would
  -- plan its body again on every call.
  INSERT INTO ledger_operations (idempotency_key, fingerprint, result) VALUES (p_key, p_fingerprint,
    jsonb_build_object('ok', true, 'hold', NULL, 'transfers', jsonb_build_array(jsonb_build_object(
      'id', p_id, 'idempotencyKey', p_key || '#0', 'debitAccountId', p_debit, 'creditAccountId', p_credit,
      'amountMinor', p_amount::text, 'kind', p_kind, 'remark', p_remark, 'reference', p_reference,
      'holdId', NULL, 'reversesTransferId', NULL))));
END $$;
`,
  },
  // Every plain transfer the guarded update did not take: rejections judged in the reference order,
  // transfers between two players or two system accounts (rare). Player accounts are locked in id order
  // and funds judged by ledger_apply_legs.
  {
    signature: 'ledger_transfer_locked(text,text,text,text,bigint,text,text,text)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_transfer_locked(p_key text, p_fingerprint text, p_debit text, p_credit text,
                                       p_amount bigint, p_kind text, p_remark text, p_reference text,
                                       OUT code text, OUT transfer_id bigint, OUT balances jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  debit_kind text;
  credit_kind text;
  posted jsonb;
BEGIN
  -- Kinds never change and accounts are never removed (accounts_permanent), so judging them needs no lock.
  SELECT max(a.kind) FILTER (WHERE a.account_id = p_debit), max(a.kind) FILTER (WHERE a.account_id = p_credit)
    INTO debit_kind, credit_kind FROM accounts a WHERE a.account_id IN (p_debit, p_credit);
  IF debit_kind IS NULL OR credit_kind IS NULL THEN code := 'UNKNOWN_ACCOUNT'; RETURN; END IF;
  IF debit_kind = 'PLAYER_HOLD' OR credit_kind = 'PLAYER_HOLD' THEN code := 'RESERVED_ACCOUNT'; RETURN; END IF;
  PERFORM 1 FROM ledger_lock_players(ARRAY[p_debit, p_credit]);
  posted := ledger_apply_legs(p_key, jsonb_build_array(jsonb_build_object('debit', p_debit, 'credit', p_credit,
                              'amount', p_amount::text, 'kind', p_kind)), p_remark, p_reference, NULL, NULL);
  IF posted IS NULL THEN code := 'INSUFFICIENT_FUNDS'; RETURN; END IF;
  transfer_id := (posted->0->>'id')::bigint;
  PERFORM ledger_remember_transfer(p_key, p_fingerprint, transfer_id, p_debit, p_credit, p_amount, p_kind,
                                   p_remark, p_reference);
  balances := ledger_player_balances(ARRAY[p_debit, p_credit]);
END $$;
`,
  },
];
