/**
 * Non-runners and markets with several winners (docs/decisions/0269). A runner the source removed
 * keeps its row (bets name it by position) with its status, when it went and its adjustment factor.
 * `runner_removals` is the exchange's record that it applied a removal, read back on a rebuild and
 * making a repeat change nothing. A fill's `price_hundredths` is its price after the reductions
 * matched before it (Betfair rule 13.7; null: its ladder price, `price_tick`): the reduced price is
 * seldom on the ladder. A result of kind WINNERS names every winner in `placings` (a place market).
 */
export const sql = `
ALTER TABLE runners ADD COLUMN status text NOT NULL DEFAULT 'ACTIVE';
ALTER TABLE runners ADD COLUMN removed_at timestamptz;
ALTER TABLE runners ADD COLUMN adjustment_factor numeric;

CREATE TABLE runner_removals (
  market_id           text NOT NULL REFERENCES markets (id),
  runner_id           text NOT NULL,
  factor_basis_points integer NOT NULL CHECK (factor_basis_points BETWEEN 0 AND 9999),
  removed_at          timestamptz NOT NULL,
  applied_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (market_id, runner_id)
);

ALTER TABLE bet_fills ADD COLUMN price_hundredths integer CHECK (price_hundredths >= 101);

ALTER TABLE market_results DROP CONSTRAINT market_results_kind_check;
ALTER TABLE market_results ADD CONSTRAINT market_results_kind_check
  CHECK (kind IN ('WINNER', 'WINNERS', 'LINE', 'VOID'));
`;
