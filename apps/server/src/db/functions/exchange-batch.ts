import type { SqlFunction } from './apply.ts';

/**
 * One exchange batch's writes in one statement (docs/decisions/0191): bets (new ones inserted, touched
 * ones updated), fills, changes to standing fills and the non-runner removals that made them (0269), the
 * players' exposure holds (through ledger_set_holds), ladders, market states and settlements. Called on its own, the statement is its own transaction, so a batch costs one round
 * trip; inside a transaction (a batch that also posts settlement transfers) it joins it. Answers what
 * ledger_set_holds answered (balances and version), or null when no hold moved.
 */
export const exchangeBatchFunctions: readonly SqlFunction[] = [
  {
    signature: 'exchange_write_batch(jsonb)',
    sql: `
CREATE OR REPLACE FUNCTION exchange_write_batch(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  held jsonb;
BEGIN
  IF jsonb_array_length(p->'bets') > 0 THEN
    INSERT INTO bets (id, seq, player_id, market_id, runner_id, side, price_tick, stake_minor, matched_minor,
      matched_value, cancelled_minor, voided_minor, status, persistence, client_ref, fingerprint, profit_minor,
      line, placed_at, updated_at)
    SELECT x.id, x.seq, x.player_id, x.market_id, x.runner_id, x.side, x.price_tick, x.stake_minor,
      x.matched_minor, x.matched_value, x.cancelled_minor, COALESCE(x.voided_minor, 0), x.status, x.persistence,
      x.client_ref, x.fingerprint, x.profit_minor, x.line, x.placed_at, x.updated_at
    FROM jsonb_to_recordset(p->'bets') AS x(id text, seq bigint, player_id text, market_id text,
      runner_id text, side text, price_tick integer, stake_minor bigint, matched_minor bigint,
      matched_value bigint, cancelled_minor bigint, voided_minor bigint, status text, persistence text,
      client_ref text, fingerprint text, profit_minor bigint, line jsonb, placed_at timestamptz,
      updated_at timestamptz)
    ON CONFLICT (id) DO UPDATE SET matched_minor = EXCLUDED.matched_minor,
      matched_value = EXCLUDED.matched_value, cancelled_minor = EXCLUDED.cancelled_minor,
      voided_minor = EXCLUDED.voided_minor, status = EXCLUDED.status, profit_minor = EXCLUDED.profit_minor, persistence = EXCLUDED.persistence,
      updated_at = EXCLUDED.updated_at;
  END IF;
  IF jsonb_array_length(p->'fills') > 0 THEN
    INSERT INTO bet_fills (market_id, runner_index, price_tick, size_minor, taker_side, taker_order_id,
      taker_account_id, maker_order_id, maker_account_id)
    SELECT x."marketId", x."runnerIndex", x."priceTick", x."sizeMinor", x."takerSide", x."takerOrderId",
      x."takerAccountId", x."makerOrderId", x."makerAccountId"
    FROM jsonb_to_recordset(p->'fills') AS x("marketId" text, "runnerIndex" integer, "priceTick" integer,
      "sizeMinor" bigint, "takerSide" text, "takerOrderId" text, "takerAccountId" text, "makerOrderId" text,
      "makerAccountId" text);
  END IF;
  IF jsonb_array_length(COALESCE(p->'fill_changes', '[]')) > 0 THEN
    UPDATE bet_fills f SET price_hundredths = COALESCE(x.price_hundredths, f.price_hundredths),
      voided_at = COALESCE(x.voided_at, f.voided_at)
    FROM jsonb_to_recordset(p->'fill_changes') AS x(id bigint, price_hundredths integer, voided_at timestamptz)
    WHERE f.id = x.id;
  END IF;
  IF jsonb_array_length(COALESCE(p->'removals', '[]')) > 0 THEN
    INSERT INTO runner_removals (market_id, runner_id, factor_basis_points, removed_at)
    SELECT x.market_id, x.runner_id, x.factor_basis_points, to_timestamp(x.removed_at_ms / 1000.0)
    FROM jsonb_to_recordset(p->'removals') AS x(market_id text, runner_id text, factor_basis_points integer,
      removed_at_ms bigint)
    ON CONFLICT (market_id, runner_id) DO NOTHING;
  END IF;
  IF jsonb_array_length(p->'holds') > 0 THEN
    held := ledger_set_holds(p->>'key', p->'holds');
  END IF;
  IF jsonb_array_length(p->'books') > 0 THEN
    INSERT INTO market_books (market_id, version, ladder)
    SELECT x.market_id, x.version, x.ladder FROM jsonb_to_recordset(p->'books') AS x(market_id text,
      version bigint, ladder jsonb)
    ON CONFLICT (market_id) DO UPDATE SET version = EXCLUDED.version, ladder = EXCLUDED.ladder;
  END IF;
  IF jsonb_array_length(p->'statuses') > 0 THEN
    UPDATE markets m SET status = x.status, version = m.version + 1, updated_at = now()
      FROM jsonb_to_recordset(p->'statuses') AS x(id text, status text) WHERE m.id = x.id;
  END IF;
  IF jsonb_array_length(p->'settlements') > 0 THEN
    INSERT INTO market_settlements (market_id, result)
    SELECT x.market_id, x.result FROM jsonb_to_recordset(p->'settlements') AS x(market_id text, result jsonb)
    ON CONFLICT (market_id) DO NOTHING;
  END IF;
  RETURN held;
END $$;
`,
  },
];
