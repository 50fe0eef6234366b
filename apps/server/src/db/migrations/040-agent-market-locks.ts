/**
 * An agent's bet lock on one market for its subtree (docs/decisions/0292): a row per account and
 * market, agent or player; the admission gate reads the rows of a player and the agents above it with
 * the player's standing. Unlocking deletes the row, so a lock higher up still holds.
 */
export const sql = `
CREATE TABLE agent_market_locks (
  account_id uuid NOT NULL REFERENCES users (id),
  market_id  text NOT NULL REFERENCES markets (id),
  locked_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, market_id)
);
`;
