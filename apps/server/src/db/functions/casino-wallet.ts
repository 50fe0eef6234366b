import { BY_KEY_ONLY, type SqlFunction } from './apply.ts';

/**
 * The casino wallet's writes (docs/decisions/0182, 0200, 0202, 0204). A batch's statements live here
 * so that PostgreSQL parses and plans most of them once per connection, not once per batch, and a
 * batch is one call. A cached plan outlives the table size it was chosen for, so cached statements
 * reach rows by key, one item at a time (LATERAL ... OFFSET 0), which stays an index probe whatever
 * the statistics. The updates of bets, joins, run with the planner held to probes by key (BY_KEY_ONLY):
 * a plan cached while the table was small would otherwise scan it ever after.
 */
export const casinoWalletFunctions: readonly SqlFunction[] = [
  // Fails the statement that computed `p_ok` unless it is true, as a serialization failure: the batch
  // is then written again the ordinary way.
  {
    signature: 'casino_expect_foreseen(boolean)',
    sql: `
CREATE OR REPLACE FUNCTION casino_expect_foreseen(p_ok boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_ok IS NOT TRUE THEN
    RAISE EXCEPTION 'a casino batch did not find what it foresaw' USING ERRCODE = '40001';
  END IF;
END $$;
`,
  },
  // A batch's bets to settle, from its JSON: the new outcome, and for bets settled from memory the
  // outcome it found them with. PL/pgSQL, so that the planner takes ROWS as the batch's size
  // (docs/decisions/0203).
  {
    signature: 'casino_bet_outcomes(jsonb)',
    sql: `
CREATE OR REPLACE FUNCTION casino_bet_outcomes(p_bets jsonb)
RETURNS TABLE (id text, win_minor bigint, status text, was_win bigint, was_status text)
LANGUAGE plpgsql IMMUTABLE ROWS 10 AS $$
BEGIN
  RETURN QUERY SELECT * FROM jsonb_to_recordset(p_bets)
    AS x(id text, win_minor bigint, status text, was_win bigint, was_status text);
END $$;
`,
  },
  // Records a batch's accepted callbacks with their answers, in arrival order, and its settled bets'
  // new outcomes. A row names its ledger transfer by id, or by its place among the transfers of the
  // batch's ledger call (`ledger_ord` into `p_ledger_ids`). A concurrent request with one of these ids
  // in another process fails the insert on the primary key, which rolls the batch back; its retry then
  // finds that row and replays it.
  {
    signature: 'casino_write_rows(jsonb,jsonb,bigint[])',
    sql: `
CREATE OR REPLACE FUNCTION casino_write_rows(p_rows jsonb, p_settled jsonb, p_ledger_ids bigint[])
RETURNS void LANGUAGE plpgsql ${BY_KEY_ONLY} AS $$
BEGIN
  IF jsonb_array_length(p_settled) > 0 THEN
    UPDATE casino_transactions c SET win_minor = x.win_minor, bet_status = x.status
      FROM casino_bet_outcomes(p_settled) x WHERE c.transaction_id = x.id;
  END IF;
  INSERT INTO casino_transactions (transaction_id, kind, player_id, game_id, round_id, amount_minor,
    reference_transaction_id, fingerprint, answer, ledger_transfer_id, bet_status)
  SELECT x.transaction_id, x.kind, x.player_id, x.game_id, x.round_id, x.amount_minor,
         x.reference_transaction_id, x.fingerprint, x.answer,
         coalesce(x.ledger_transfer_id, p_ledger_ids[x.ledger_ord + 1]), x.bet_status
    FROM jsonb_to_recordset(p_rows) AS x(transaction_id text, kind text, player_id uuid, game_id text,
      round_id text, amount_minor bigint, reference_transaction_id text, fingerprint text, answer jsonb,
      ledger_transfer_id bigint, ledger_ord int, bet_status text);
END $$;
`,
  },
  // Settles bets that a batch did not lock, each only if it still stands as the batch found it in
  // memory (docs/decisions/0202); fails the transaction as a serialization failure otherwise.
  {
    signature: 'casino_settle_unlocked(jsonb)',
    sql: `
CREATE OR REPLACE FUNCTION casino_settle_unlocked(p_changes jsonb) RETURNS void
LANGUAGE plpgsql ${BY_KEY_ONLY} AS $$
DECLARE
  settled int;
BEGIN
  UPDATE casino_transactions c SET win_minor = x.win_minor, bet_status = x.status
    FROM casino_bet_outcomes(p_changes) x
   WHERE c.transaction_id = x.id AND c.win_minor = x.was_win AND c.bet_status = x.was_status;
  GET DIAGNOSTICS settled = ROW_COUNT;
  PERFORM casino_expect_foreseen(settled = jsonb_array_length(p_changes));
END $$;
`,
  },
  // A foreseen pass in one call (docs/decisions/0200, 0202, 0204): the unlocked bets it settles, its
  // ledger call, whose every transfer must be new and leave its player's cash at the amount foreseen
  // (by place: p_cash_after), the other players' cash it assumed, that its bettors are still active,
  // and its rows. Fails as a serialization failure when anything is not as foreseen. Answers the
  // ledger call's rows, for the balances published after the commit.
  {
    signature: 'casino_write_foreseen(jsonb,jsonb,bigint[],jsonb,uuid[],jsonb,jsonb)',
    sql: `
CREATE OR REPLACE FUNCTION casino_write_foreseen(p_settle jsonb, p_items jsonb, p_cash_after bigint[],
  p_unmoved jsonb, p_bettors uuid[], p_rows jsonb, p_settled jsonb)
RETURNS TABLE (ord int, code text, replay jsonb, transfer_id bigint, balances jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[] := '{}';
  item jsonb;
BEGIN
  IF jsonb_array_length(p_settle) > 0 THEN
    PERFORM casino_settle_unlocked(p_settle);
  END IF;
  FOR ord, code, replay, transfer_id, balances IN SELECT * FROM ledger_transfers(p_items) LOOP
    item := p_items -> ord;
    -- A condition, not a statement per item: PL/pgSQL evaluates it without the executor.
    IF code IS NOT NULL OR replay IS NOT NULL OR
       (balances ->> CASE WHEN left(item ->> 'debit', 5) = 'cash:' THEN item ->> 'debit'
                          ELSE item ->> 'credit' END)::bigint IS DISTINCT FROM p_cash_after[ord + 1] THEN
      PERFORM casino_expect_foreseen(false);
    END IF;
    ids[ord + 1] := transfer_id;
    RETURN NEXT;
  END LOOP;
  PERFORM casino_expect_foreseen(
    (SELECT count(*) FROM jsonb_to_recordset(p_unmoved) AS u(account text, cash bigint)
      CROSS JOIN LATERAL (SELECT 1 FROM accounts a
                           WHERE a.account_id = u.account AND a.balance_minor = u.cash OFFSET 0) found)
      = jsonb_array_length(p_unmoved)
    AND (SELECT count(*) FROM unnest(p_bettors) AS b(id)
          CROSS JOIN LATERAL (SELECT 1 FROM users s WHERE s.id = b.id AND s.status = 'active' OFFSET 0) found)
      = cardinality(p_bettors));
  PERFORM casino_write_rows(p_rows, p_settled, ids);
END $$;
`,
  },
];
