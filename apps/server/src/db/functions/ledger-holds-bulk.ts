import { BY_KEY_ONLY, type SqlFunction } from './apply.ts';

/**
 * Sets many exposure holds to new totals in a few set-based statements (docs/decisions/0136), for the
 * exchange's group commit: every player behind the items is locked at once in id order, missing holds
 * are opened at zero, and each hold that moves gets one BET_HOLD or BET_RELEASE transfer between the
 * player's cash and hold accounts, with the running balances the statement shows. A batch that would
 * take a player's cash below zero fails as a whole (23514): checked here, since the accounts' own check
 * allows a re-settlement's overdraft (docs/decisions/0252), which no stake may use. Answers the balances
 * of the players touched and the last transfer id.
 */
export const ledgerHoldsBulkFunctions: readonly SqlFunction[] = [
  // Raised where a set-based write finds more exposure than the player's cash (23514, as the accounts'
  // check used to raise it before a re-settlement could leave an overdraft).
  {
    signature: 'ledger_funds_short(text)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_funds_short(p_account text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'more exposure would take % below zero', p_account
    USING ERRCODE = 'check_violation', CONSTRAINT = 'player_balance_within_overdraft';
END $$;
`,
  },
  // Raised where a set-based write finds a stake past a loss limit (23514, as an overdraft fails).
  {
    signature: 'ledger_loss_limit_passed(text)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_loss_limit_passed(p_account text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a stake would take % below its loss limit', p_account
    USING ERRCODE = 'check_violation', CONSTRAINT = 'player_loss_floor';
END $$;
`,
  },
  // A batch's hold targets in order. PL/pgSQL, so that the planner takes ROWS as the batch's size
  // (docs/decisions/0203): with the 100 rows it assumes of a JSON array, joins with holds and
  // accounts scan the whole table until it holds tens of thousands of rows. ledger_set_holds also
  // holds its plans to probes by key (BY_KEY_ONLY, 0207): told ten rows, they still scanned tables
  // of a few thousand.
  {
    signature: 'ledger_hold_targets(jsonb)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_hold_targets(p_items jsonb)
RETURNS TABLE (n bigint, "holdId" text, "playerId" text, amount bigint, remark text, reference text)
LANGUAGE plpgsql IMMUTABLE ROWS 10 AS $$
BEGIN
  RETURN QUERY
  SELECT e.ordinality, x."holdId", x."playerId", x.amount, x.remark, x.reference
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e(item, ordinality),
         jsonb_to_record(e.item) AS x("holdId" text, "playerId" text, amount bigint, remark text, reference text);
END $$;
`,
  },
  {
    signature: 'ledger_set_holds(text,jsonb)',
    sql: `
CREATE OR REPLACE FUNCTION ledger_set_holds(p_key text, p_items jsonb) RETURNS jsonb
LANGUAGE plpgsql ${BY_KEY_ONLY} AS $$
DECLARE
  cash_ids text[];
  last_id bigint;
BEGIN
  cash_ids := ARRAY(SELECT DISTINCT 'cash:' || (i->>'playerId') FROM jsonb_array_elements(p_items) i);
  PERFORM 1 FROM ledger_lock_players(cash_ids);
  INSERT INTO holds (hold_id, player_id, state, held_minor, posted_minor, destination_account_id, reference)
  SELECT x."holdId", x."playerId", 'PENDING', 0, 0, NULL, x.reference
    FROM jsonb_to_recordset(p_items) AS x("holdId" text, "playerId" text, reference text)
  ON CONFLICT (hold_id) DO NOTHING;
  IF EXISTS (SELECT 1 FROM holds h JOIN ledger_hold_targets(p_items) x ON x."holdId" = h.hold_id
             WHERE h.state <> 'PENDING') THEN
    RAISE EXCEPTION 'a hold of this batch is not pending' USING ERRCODE = 'check_violation';
  END IF;
  WITH items AS (
    SELECT * FROM ledger_hold_targets(p_items)
  ), moves AS (
    SELECT i.*, i.amount - h.held_minor AS delta,
           sum(i.amount - h.held_minor) OVER (PARTITION BY i."playerId" ORDER BY i.n) AS moved_so_far,
           sum(i.amount - h.held_minor) OVER (PARTITION BY i."playerId") AS moved_in_all
      FROM items i JOIN holds h ON h.hold_id = i."holdId"
     WHERE i.amount <> h.held_minor
  ), per_player AS (
    SELECT "playerId", min(moved_in_all) AS delta FROM moves GROUP BY "playerId"
  ), cash AS (
    UPDATE accounts a SET balance_minor = a.balance_minor - p.delta
      FROM per_player p WHERE a.account_id = 'cash:' || p."playerId"
       -- More exposure may not take the cash below zero, nor below a loss limit's floor (migration
       -- 016): the exchange judged both in memory, so this is the last word, failing the batch.
       AND CASE WHEN p.delta <= 0 THEN true
                WHEN a.balance_minor - p.delta < 0 THEN ledger_funds_short(a.account_id)
                WHEN a.loss_floor_minor IS NULL OR a.balance_minor - p.delta >= a.loss_floor_minor THEN true
                ELSE ledger_loss_limit_passed(a.account_id) END
    RETURNING a.player_id, a.balance_minor + p.delta AS before_minor
  ), hold AS (
    UPDATE accounts a SET balance_minor = a.balance_minor + p.delta
      FROM per_player p WHERE a.account_id = 'hold:' || p."playerId"
    RETURNING a.player_id, a.balance_minor - p.delta AS before_minor
  ), held AS (
    UPDATE holds h SET held_minor = m.amount FROM moves m WHERE h.hold_id = m."holdId"
  ), posted AS (
    INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount_minor, kind, remark,
                           reference, hold_id, debit_balance_after_minor, credit_balance_after_minor)
    SELECT p_key || ':' || m.n || '#0',
           CASE WHEN m.delta > 0 THEN 'cash:' ELSE 'hold:' END || m."playerId",
           CASE WHEN m.delta > 0 THEN 'hold:' ELSE 'cash:' END || m."playerId",
           abs(m.delta), CASE WHEN m.delta > 0 THEN 'BET_HOLD' ELSE 'BET_RELEASE' END,
           m.remark, m.reference, m."holdId",
           CASE WHEN m.delta > 0 THEN c.before_minor - m.moved_so_far ELSE k.before_minor + m.moved_so_far END,
           CASE WHEN m.delta > 0 THEN k.before_minor + m.moved_so_far ELSE c.before_minor - m.moved_so_far END
      FROM moves m
      LEFT JOIN cash c ON c.player_id = m."playerId"
      LEFT JOIN hold k ON k.player_id = m."playerId"
     ORDER BY m.n
    RETURNING id
  )
  SELECT coalesce(max(id), 0) INTO last_id FROM posted;
  RETURN jsonb_build_object('balances', ledger_player_balances(cash_ids), 'version', last_id);
END $$;
`,
  },
];
