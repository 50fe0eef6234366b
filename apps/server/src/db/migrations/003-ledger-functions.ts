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
  UPDATE accounts SET balance_minor = balance_minor + p_delta
   WHERE account_id = p_account AND player_id IS NOT NULL
   RETURNING balance_minor INTO after_minor;
  IF FOUND THEN
    RETURN after_minor;
  END IF;
  INSERT INTO system_balance_shards AS s (account_id, shard, balance_minor)
  VALUES (p_account, pg_backend_pid() % 8, p_delta)
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

-- A whole plain transfer in one statement: replay, UNKNOWN_ACCOUNT, RESERVED_ACCOUNT,
-- INSUFFICIENT_FUNDS, post, remember. A concurrent duplicate key fails on the unique keys and the
-- caller retries, which then answers from ledger_operations.
CREATE FUNCTION ledger_transfer(p_key text, p_fingerprint text, p_debit text, p_credit text, p_amount bigint,
                                p_kind text, p_remark text, p_reference text) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  previous record;
  known int;
  reserved boolean;
  posted jsonb;
  result jsonb;
BEGIN
  SELECT fingerprint, o.result INTO previous FROM ledger_operations o WHERE idempotency_key = p_key;
  IF FOUND THEN
    IF previous.fingerprint <> p_fingerprint THEN
      RETURN jsonb_build_object('code', 'DUPLICATE_KEY_DIFFERENT_BODY');
    END IF;
    RETURN jsonb_build_object('result', previous.result, 'replay', true);
  END IF;
  PERFORM 1 FROM ledger_lock_players(ARRAY[p_debit, p_credit]);
  SELECT count(*), bool_or(kind = 'PLAYER_HOLD') INTO known, reserved
    FROM accounts WHERE account_id IN (p_debit, p_credit);
  IF known < 2 THEN
    RETURN jsonb_build_object('code', 'UNKNOWN_ACCOUNT');
  END IF;
  IF reserved THEN
    RETURN jsonb_build_object('code', 'RESERVED_ACCOUNT');
  END IF;
  posted := ledger_apply_legs(p_key,
    jsonb_build_array(jsonb_build_object('debit', p_debit, 'credit', p_credit, 'amount', p_amount::text,
                                         'kind', p_kind)),
    p_remark, p_reference, NULL, NULL);
  IF posted IS NULL THEN
    RETURN jsonb_build_object('code', 'INSUFFICIENT_FUNDS');
  END IF;
  result := jsonb_build_object('ok', true, 'transfers', posted, 'hold', NULL);
  INSERT INTO ledger_operations (idempotency_key, fingerprint, result) VALUES (p_key, p_fingerprint, result);
  RETURN jsonb_build_object('result', result, 'balances', ledger_player_balances(ARRAY[p_debit, p_credit]));
END $$;
`;
