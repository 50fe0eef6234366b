/**
 * Limits players set on themselves (docs/decisions/0235). A loss limit is enforced by the ledger: the
 * player's cash may not be taken below `loss_floor_minor` by a stake (deposits and withdrawals move the
 * floor with the cash), so every product's write refuses a stake past the limit in the statement that
 * moves the money, on any instance. Null: no loss limit. The floor is set from `player_limits` whenever
 * a limit changes or a period begins.
 */
export const sql = `
ALTER TABLE accounts ADD COLUMN loss_floor_minor bigint;

CREATE TABLE player_limits (
  player_id             uuid NOT NULL REFERENCES users (id),
  kind                  text NOT NULL CHECK (kind IN ('deposit', 'loss')),
  period                text NOT NULL CHECK (period IN ('day', 'week', 'month')),
  amount_minor          bigint NOT NULL CHECK (amount_minor > 0),
  -- A pending increase (or removal, when the amount is null) waits for the player's confirmation.
  pending_amount_minor  bigint CHECK (pending_amount_minor > 0),
  pending_requested_at  timestamptz,
  CHECK (pending_requested_at IS NOT NULL OR pending_amount_minor IS NULL),
  PRIMARY KEY (player_id, kind, period)
);

ALTER TABLE player_protection
  ADD COLUMN session_minutes integer CHECK (session_minutes BETWEEN 1 AND 1440),
  ADD COLUMN session_pending_minutes integer CHECK (session_pending_minutes BETWEEN 1 AND 1440),
  ADD COLUMN session_pending_requested_at timestamptz,
  -- Set when a session reached the limit: sign-in is refused until the day ends.
  ADD COLUMN session_limit_until timestamptz;
`;
