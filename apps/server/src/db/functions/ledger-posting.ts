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
  // The net of legs [{debit, credit, amount, kind}] on each account: in all, of the cash desk's legs
  // (which move a loss limit's floor with the cash), and of the legs a loss limit judges (the rest,
  // unless they reverse an earlier transfer).
  {
    signature: 'ledger_legs_net(jsonb,boolean)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_legs_net(p_legs jsonb, p_reversal boolean)
RETURNS TABLE (account_id text, delta bigint, desk bigint, judged bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT side.account_id, sum(side.delta)::bigint,
         (sum(side.delta) FILTER (WHERE side.kind IN ('DEPOSIT', 'WITHDRAW')))::bigint,
         (sum(side.delta) FILTER (WHERE side.kind NOT IN ('DEPOSIT', 'WITHDRAW', 'REVERSAL') AND NOT p_reversal))::bigint
    FROM (
      SELECT l->>'debit' AS account_id, -((l->>'amount')::bigint) AS delta, l->>'kind' AS kind
        FROM jsonb_array_elements(p_legs) l
      UNION ALL
      SELECT l->>'credit', (l->>'amount')::bigint, l->>'kind' FROM jsonb_array_elements(p_legs) l
    ) side GROUP BY side.account_id;
$$;
`,
  },
  // The player accounts whose cash a stake among the legs would take below a loss limit's floor
  // (migration 016); the floor moves with the legs of the cash desk.
  {
    signature: 'ledger_legs_past_floor(jsonb,boolean)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_legs_past_floor(p_legs jsonb, p_reversal boolean)
RETURNS TABLE (account_id text)
LANGUAGE sql STABLE AS $$
  SELECT net.account_id FROM ledger_legs_net(p_legs, p_reversal) net
   CROSS JOIN LATERAL (SELECT c.balance_minor, c.loss_floor_minor FROM accounts c
                        WHERE c.account_id = net.account_id OFFSET 0) a
   WHERE net.judged < 0 AND a.balance_minor + net.delta < a.loss_floor_minor + coalesce(net.desk, 0);
$$;
`,
  },
  // How far below zero legs may take a player's balance in this transaction: 0, or the account's
  // overdraft while a re-settlement has allowed it (docs/decisions/0252). The setting is local to the
  // transaction, so nothing outside the re-settlement's own can use an overdraft it left behind.
  {
    signature: 'ledger_overdraft_allowed()',
    sql: `
CREATE OR REPLACE FUNCTION ledger_overdraft_allowed() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('ledger.overdraft', true), '') = 'on';
$$;
`,
  },
  // Why ledger_apply_legs refused legs: a balance below zero first, else a loss limit.
  {
    signature: 'ledger_refusal(jsonb)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_refusal(p_legs jsonb) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN EXISTS (SELECT 1 FROM ledger_legs_net(p_legs, false) net
                             JOIN accounts a ON a.account_id = net.account_id
                            WHERE a.player_id IS NOT NULL AND net.delta < 0
                              AND a.balance_minor + net.delta
                                  < CASE WHEN ledger_overdraft_allowed() THEN -a.overdraft_minor ELSE 0 END)
              THEN 'INSUFFICIENT_FUNDS'
              WHEN EXISTS (SELECT 1 FROM ledger_legs_past_floor(p_legs, false)) THEN 'LOSS_LIMIT_REACHED'
              ELSE 'INSUFFICIENT_FUNDS' END;
$$;
`,
  },
  // Posts legs [{debit, credit, amount, kind}] all or none: NULL (nothing written) when they take money
  // from a player account and leave it below zero (below its overdraft while a re-settlement allows
  // one), or a stake below its loss limit's floor, else the posted transfers as JSON (amounts as
  // strings). Money to a player is never refused, so a balance below zero can come back (0252); a
  // re-settlement's postings correct a result and are no stake, so no loss limit judges them.
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
  overdraft boolean := ledger_overdraft_allowed();
BEGIN
  IF EXISTS (
    SELECT 1 FROM ledger_legs_net(p_legs, p_reverses IS NOT NULL) net
    -- One index probe per account (docs/decisions/0203): a join lets the plan scan every account.
    CROSS JOIN LATERAL (SELECT c.player_id, c.balance_minor, c.overdraft_minor FROM accounts c
                         WHERE c.account_id = net.account_id OFFSET 0) a
    WHERE a.player_id IS NOT NULL AND net.delta < 0
      AND a.balance_minor + net.delta < CASE WHEN overdraft THEN -a.overdraft_minor ELSE 0 END
  ) OR EXISTS (SELECT 1 FROM ledger_legs_past_floor(p_legs, p_reverses IS NOT NULL OR overdraft)) THEN
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
  -- A loss limit's floor moves with the cash desk's money (migration 016).
  UPDATE accounts a SET loss_floor_minor = a.loss_floor_minor + n.desk
    FROM ledger_legs_net(p_legs, p_reverses IS NOT NULL) n
   WHERE a.account_id = n.account_id AND n.desk <> 0 AND a.loss_floor_minor IS NOT NULL;
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
