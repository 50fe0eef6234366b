import type { SqlFunction } from './apply.ts';

/**
 * A whole plain transfer in one statement, the hot path (deposits, withdrawals, casino debits and
 * credits; docs/decisions/0013), plus the slower locked path it falls back to. Many at once:
 * ledger-transfers-batch.ts.
 */
export const ledgerTransferFunctions: readonly SqlFunction[] = [
  // Replay, UNKNOWN_ACCOUNT, RESERVED_ACCOUNT, INSUFFICIENT_FUNDS or LOSS_LIMIT_REACHED, post, remember. Answers a code, or the
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
    -- The loss limit (migration 016): a stake may not take the cash below the floor, which moves with
    -- the cash desk's deposits and withdrawals.
    UPDATE accounts SET balance_minor = balance_minor + player_delta,
           loss_floor_minor = loss_floor_minor + CASE WHEN p_kind IN ('DEPOSIT', 'WITHDRAW') THEN player_delta
                                                      ELSE 0 END
     WHERE account_id = CASE WHEN player_delta < 0 THEN p_debit ELSE p_credit END AND kind = 'PLAYER_CASH'
       AND balance_minor + player_delta >= 0
       AND (player_delta > 0 OR loss_floor_minor IS NULL OR p_kind IN ('DEPOSIT', 'WITHDRAW', 'REVERSAL')
            OR balance_minor + player_delta >= loss_floor_minor)
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
  IF posted IS NULL THEN
    code := ledger_refusal(jsonb_build_array(jsonb_build_object('debit', p_debit, 'credit', p_credit,
                           'amount', p_amount::text, 'kind', p_kind)));
    RETURN;
  END IF;
  transfer_id := (posted->0->>'id')::bigint;
  PERFORM ledger_remember_transfer(p_key, p_fingerprint, transfer_id, p_debit, p_credit, p_amount, p_kind,
                                   p_remark, p_reference);
  balances := ledger_player_balances(ARRAY[p_debit, p_credit]);
END $$;
`,
  },
];
