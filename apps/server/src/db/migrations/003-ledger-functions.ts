/**
 * Posting in SQL, so that a plain transfer is one round trip (docs/decisions/0013). The rules and the
 * check order are those of packages/ledger; hold operations plan their legs in TypeScript with the
 * package's planners and post them through ledger_apply_legs. Callers lock the touched player accounts
 * first (ledger_lock_players), always in account id order, so concurrent operations cannot deadlock.
 */
export const sql = `
-- Locks both accounts of every player behind the given accounts, in id order; answers the kinds found.
CREATE FUNCTION ledger_lock_players(p_accounts text[]) RETURNS TABLE (account_id text, kind text)
LANGUAGE sql AS $$
  SELECT a.account_id, a.kind FROM accounts a
   WHERE a.player_id IN (SELECT player_id FROM accounts WHERE accounts.account_id = ANY (p_accounts))
   ORDER BY a.account_id FOR UPDATE;
$$;

-- Adds delta to one account: a player row (answering its new balance) or a shard of a system account.
CREATE FUNCTION ledger_move(p_account text, p_delta bigint) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  after_minor bigint;
BEGIN
  -- Player account ids always carry these prefixes (packages/ledger accounts.ts); system ids never do.
  IF left(p_account, 5) IN ('cash:', 'hold:') THEN
    UPDATE accounts SET balance_minor = balance_minor + p_delta WHERE account_id = p_account
    RETURNING balance_minor INTO after_minor;
    RETURN after_minor;
  END IF;
  INSERT INTO system_balance_shards AS s (account_id, shard, balance_minor)
  VALUES (p_account, pg_backend_pid() % 64, p_delta)
  ON CONFLICT (account_id, shard) DO UPDATE SET balance_minor = s.balance_minor + EXCLUDED.balance_minor;
  RETURN NULL;
END $$;

-- Posts legs [{debit, credit, amount, kind}] all or none: NULL (nothing written) when a player account
-- would end below zero after all legs, else the posted transfers as JSON (amounts as strings).
CREATE FUNCTION ledger_apply_legs(p_op_key text, p_legs jsonb, p_remark text, p_reference text,
                                  p_hold_id text, p_reverses bigint) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  leg jsonb;
  leg_index int := 0;
  posted jsonb := '[]'::jsonb;
  debit_after bigint;
  credit_after bigint;
  new_id bigint;
BEGIN
  IF EXISTS (
    SELECT 1 FROM (
      SELECT side.account_id, sum(side.delta) AS delta FROM (
        SELECT l->>'debit' AS account_id, -((l->>'amount')::bigint) AS delta FROM jsonb_array_elements(p_legs) l
        UNION ALL
        SELECT l->>'credit', (l->>'amount')::bigint FROM jsonb_array_elements(p_legs) l
      ) side GROUP BY side.account_id
    ) net JOIN accounts a ON a.account_id = net.account_id
    WHERE a.player_id IS NOT NULL AND a.balance_minor + net.delta < 0
  ) THEN
    RETURN NULL;
  END IF;
  FOR leg IN SELECT value FROM jsonb_array_elements(p_legs) LOOP
    debit_after := ledger_move(leg->>'debit', -((leg->>'amount')::bigint));
    credit_after := ledger_move(leg->>'credit', (leg->>'amount')::bigint);
    INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount_minor, kind, remark,
                           reference, hold_id, reverses_transfer_id, debit_balance_after_minor,
                           credit_balance_after_minor)
    VALUES (p_op_key || '#' || leg_index, leg->>'debit', leg->>'credit', (leg->>'amount')::bigint,
            leg->>'kind', p_remark, p_reference, p_hold_id, p_reverses, debit_after, credit_after)
    RETURNING id INTO new_id;
    posted := posted || jsonb_build_object(
      'id', new_id, 'idempotencyKey', p_op_key || '#' || leg_index,
      'debitAccountId', leg->>'debit', 'creditAccountId', leg->>'credit', 'amountMinor', leg->>'amount',
      'kind', leg->>'kind', 'remark', p_remark, 'reference', p_reference, 'holdId', p_hold_id,
      'reversesTransferId', p_reverses);
    leg_index := leg_index + 1;
  END LOOP;
  RETURN posted;
END $$;

-- Balances of every player behind the given accounts, for the caller to publish after commit.
CREATE FUNCTION ledger_player_balances(p_accounts text[]) RETURNS jsonb LANGUAGE sql AS $$
  SELECT coalesce(jsonb_object_agg(a.account_id, a.balance_minor::text), '{}'::jsonb) FROM accounts a
   WHERE a.player_id IN (SELECT player_id FROM accounts WHERE accounts.account_id = ANY (p_accounts));
$$;

-- A whole plain transfer in one statement, written out flat because it is the hot path (deposits,
-- withdrawals, casino debits and credits): replay, UNKNOWN_ACCOUNT, RESERVED_ACCOUNT,
-- INSUFFICIENT_FUNDS, post, remember; each statement here costs (docs/decisions/0013). Answers a code,
-- or the stored result of a replay, or the new transfer's id and the balances of the player behind it
-- (the caller knows the rest of the transfer).
-- A concurrent duplicate key fails on the unique keys and the caller retries, which then answers from
-- ledger_operations.
CREATE FUNCTION ledger_transfer(p_key text, p_fingerprint text, p_debit text, p_credit text, p_amount bigint,
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

-- Stores the answer a replay of a plain transfer gives (the shape ledger-codec.ts decodes).
CREATE FUNCTION ledger_remember_transfer(p_key text, p_fingerprint text, p_id bigint, p_debit text, p_credit text,
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

-- Every plain transfer the guarded update did not take: rejections judged in the reference order,
-- transfers between two players or two system accounts (rare). Player accounts are locked in id order
-- and funds judged by ledger_apply_legs.
CREATE FUNCTION ledger_transfer_locked(p_key text, p_fingerprint text, p_debit text, p_credit text,
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

-- The full audit, for tests and for periodic runs against a live database (docs/decisions/0012): one
-- statement, so one consistent snapshot without locking anything. Answers one row per violation, none
-- when the ledger is sound. Cost is linear in transfers and accounts, which is why commits do not run it.
--   SUM_NOT_ZERO       all balances (player rows and system shards) do not add up to zero
--   BALANCE_NOT_FOLD   an account's stored balance differs from the fold of its transfers
--   MISPLACED_BALANCE  a system account's own row, or a shard of a player account, is not zero
--   HOLD_NOT_PENDING   a hold account differs from the total of its player's pending holds
--   UNKNOWN_ACCOUNT    transfers name an account that does not exist
CREATE FUNCTION ledger_audit()
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
`;
