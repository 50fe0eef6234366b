import type { SqlFunction } from './apply.ts';

/**
 * Posting building blocks (docs/decisions/0013): player locks in account id order, one balance move,
 * all-or-none legs with the overdraft guard, and the balances to publish.
 */
export const ledgerPostingFunctions: readonly SqlFunction[] = [
  // Locks both accounts of every player behind the given accounts, in id order; answers the kinds found.
  {
    signature: 'ledger_lock_players(text[])',
    sql: `
CREATE OR REPLACE FUNCTION ledger_lock_players(p_accounts text[]) RETURNS TABLE (account_id text, kind text)
LANGUAGE sql AS $$
  SELECT a.account_id, a.kind FROM accounts a
   WHERE a.player_id IN (SELECT player_id FROM accounts WHERE accounts.account_id = ANY (p_accounts))
   ORDER BY a.account_id FOR UPDATE;
$$;
`,
  },
  // Adds delta to one account: a player row (answering its new balance) or a shard of a system account.
  {
    signature: 'ledger_move(text,bigint)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_move(p_account text, p_delta bigint) RETURNS bigint LANGUAGE plpgsql AS $$
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
`,
  },
  // Posts legs [{debit, credit, amount, kind}] all or none: NULL (nothing written) when a player account
  // would end below zero after all legs, else the posted transfers as JSON (amounts as strings).
  {
    signature: 'ledger_apply_legs(text,jsonb,text,text,text,bigint)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_apply_legs(p_op_key text, p_legs jsonb, p_remark text, p_reference text,
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
    ) net
    -- One index probe per account (docs/decisions/0203): a join lets the plan scan every account.
    CROSS JOIN LATERAL (SELECT c.player_id, c.balance_minor FROM accounts c WHERE c.account_id = net.account_id OFFSET 0) a
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
`,
  },
  // Balances of every player behind the given accounts, for the caller to publish after commit.
  {
    signature: 'ledger_player_balances(text[])',
    sql: `
CREATE OR REPLACE FUNCTION ledger_player_balances(p_accounts text[]) RETURNS jsonb LANGUAGE sql AS $$
  SELECT coalesce(jsonb_object_agg(a.account_id, a.balance_minor::text), '{}'::jsonb) FROM accounts a
   WHERE a.player_id IN (SELECT player_id FROM accounts WHERE accounts.account_id = ANY (p_accounts));
$$;
`,
  },
];
