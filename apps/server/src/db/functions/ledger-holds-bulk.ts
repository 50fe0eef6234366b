import type { SqlFunction } from './apply.ts';

/**
 * Sets many exposure holds to new totals in a few set-based statements (docs/decisions/0136), for the
 * exchange's group commit: every player behind the items is locked at once in id order, missing holds
 * are opened at zero, and each hold that moves gets one BET_HOLD or BET_RELEASE transfer between the
 * player's cash and hold accounts, with the running balances the statement shows. Holds and accounts
 * are probed and updated by key, one at a time (docs/decisions/0203). The accounts' `balance_minor >=
 * 0` check is the overdraft guard: a batch that would overdraw fails as a whole (23514). Answers the
 * balances of the players touched and the last transfer id.
 */
export const ledgerHoldsBulkFunctions: readonly SqlFunction[] = [
  // A batch's hold targets in order, typed.
  {
    signature: 'ledger_hold_targets(jsonb)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_hold_targets(p_items jsonb)
RETURNS TABLE (n bigint, "holdId" text, "playerId" text, amount bigint, remark text, reference text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT e.ordinality, x."holdId", x."playerId", x.amount, x.remark, x.reference
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e(item, ordinality),
         jsonb_to_record(e.item) AS x("holdId" text, "playerId" text, amount bigint, remark text, reference text);
$$;
`,
  },
  {
    signature: 'ledger_set_holds(text,jsonb)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_set_holds(p_key text, p_items jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  cash_ids text[];
  last_id bigint;
  player record;
  target record;
BEGIN
  cash_ids := ARRAY(SELECT DISTINCT 'cash:' || (i->>'playerId') FROM jsonb_array_elements(p_items) i);
  PERFORM 1 FROM ledger_lock_players(cash_ids);
  INSERT INTO holds (hold_id, player_id, state, held_minor, posted_minor, destination_account_id, reference)
  SELECT x."holdId", x."playerId", 'PENDING', 0, 0, NULL, x.reference
    FROM jsonb_to_recordset(p_items) AS x("holdId" text, "playerId" text, reference text)
  ON CONFLICT (hold_id) DO NOTHING;
  IF EXISTS (SELECT 1 FROM jsonb_to_recordset(p_items) AS x("holdId" text)
              CROSS JOIN LATERAL (SELECT h.state FROM holds h WHERE h.hold_id = x."holdId" OFFSET 0) h
             WHERE h.state <> 'PENDING') THEN
    RAISE EXCEPTION 'a hold of this batch is not pending' USING ERRCODE = 'check_violation';
  END IF;
  -- One statement reads every held amount and balance before anything changes (the players are
  -- locked above) and writes the transfers with the running balances.
  WITH moves AS (
    SELECT i.*, i.amount - h.held_minor AS delta,
           sum(i.amount - h.held_minor) OVER (PARTITION BY i."playerId" ORDER BY i.n) AS moved_so_far
      FROM ledger_hold_targets(p_items) i
     CROSS JOIN LATERAL (SELECT held.held_minor FROM holds held WHERE held.hold_id = i."holdId" OFFSET 0) h
     WHERE i.amount <> h.held_minor
  ), posted AS (
    INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount_minor, kind, remark,
                           reference, hold_id, debit_balance_after_minor, credit_balance_after_minor)
    SELECT p_key || ':' || m.n || '#0',
           CASE WHEN m.delta > 0 THEN 'cash:' ELSE 'hold:' END || m."playerId",
           CASE WHEN m.delta > 0 THEN 'hold:' ELSE 'cash:' END || m."playerId",
           abs(m.delta), CASE WHEN m.delta > 0 THEN 'BET_HOLD' ELSE 'BET_RELEASE' END,
           m.remark, m.reference, m."holdId",
           CASE WHEN m.delta > 0 THEN c.balance_minor - m.moved_so_far ELSE k.balance_minor + m.moved_so_far END,
           CASE WHEN m.delta > 0 THEN k.balance_minor + m.moved_so_far ELSE c.balance_minor - m.moved_so_far END
      FROM moves m
     CROSS JOIN LATERAL (SELECT a.balance_minor FROM accounts a WHERE a.account_id = 'cash:' || m."playerId" OFFSET 0) c
     CROSS JOIN LATERAL (SELECT a.balance_minor FROM accounts a WHERE a.account_id = 'hold:' || m."playerId" OFFSET 0) k
     ORDER BY m.n
    RETURNING id
  )
  SELECT coalesce(max(id), 0) INTO last_id FROM posted;
  -- Then each player's two balances and each hold's new total, one row at a time by key.
  FOR player IN
    SELECT i."playerId" AS id, sum(i.amount - h.held_minor) AS delta
      FROM ledger_hold_targets(p_items) i
     CROSS JOIN LATERAL (SELECT held.held_minor FROM holds held WHERE held.hold_id = i."holdId" OFFSET 0) h
     GROUP BY i."playerId"
  LOOP
    CONTINUE WHEN player.delta = 0;
    UPDATE accounts SET balance_minor = balance_minor - player.delta WHERE account_id = 'cash:' || player.id;
    UPDATE accounts SET balance_minor = balance_minor + player.delta WHERE account_id = 'hold:' || player.id;
  END LOOP;
  FOR target IN SELECT i."holdId" AS id, i.amount FROM ledger_hold_targets(p_items) i LOOP
    UPDATE holds SET held_minor = target.amount WHERE hold_id = target.id AND held_minor <> target.amount;
  END LOOP;
  RETURN jsonb_build_object('balances', ledger_player_balances(cash_ids), 'version', last_id);
END $$;
`,
  },
];
