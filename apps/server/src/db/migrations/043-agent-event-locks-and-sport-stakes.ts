/**
 * An agent's bet lock on a whole event for its subtree, and stake caps per sport (docs/decisions/0300):
 * a row per account and event, and per account and sport, agent or player. The admission gate reads the
 * rows of a player and the agents above it with the player's standing. Unlocking deletes the row, so a
 * lock higher up still holds; removing a sport's cap deletes its row.
 */
export const sql = `
CREATE TABLE agent_event_locks (
  account_id uuid NOT NULL REFERENCES users (id),
  event_id   text NOT NULL REFERENCES events (id),
  locked_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, event_id)
);

CREATE TABLE agent_sport_stakes (
  account_id      uuid NOT NULL REFERENCES users (id),
  sport           text NOT NULL REFERENCES sports (slug),
  max_stake_minor bigint NOT NULL CHECK (max_stake_minor > 0),
  PRIMARY KEY (account_id, sport)
);
`;
