/**
 * The agent network's tree (docs/decisions/0287). The house is the root and has no row; an agent row
 * per agent account, whose parent is another agent or the house (null); a player under an agent has a
 * row in `agent_players`, and a player without one belongs to the house, as every player before this
 * migration does. An agent is a user of its own role; it signs in like any user.
 */
export const sql = `
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('player', 'operator', 'agent'));

CREATE TABLE agents (
  user_id                uuid PRIMARY KEY REFERENCES users (id),
  parent_id              uuid REFERENCES agents (user_id),
  level                  smallint NOT NULL CHECK (level BETWEEN 1 AND 6),
  share_bp               integer NOT NULL CHECK (share_bp BETWEEN 0 AND 10000),
  credit_reference_minor bigint NOT NULL DEFAULT 0 CHECK (credit_reference_minor >= 0),
  exposure_limit_minor   bigint CHECK (exposure_limit_minor > 0),
  max_stake_minor        bigint CHECK (max_stake_minor > 0),
  login_locked           boolean NOT NULL DEFAULT false,
  bet_locked             boolean NOT NULL DEFAULT false,
  created_at             timestamptz NOT NULL DEFAULT now(),
  CHECK ((parent_id IS NULL) = (level = 1))
);
-- A downline page: one parent's children, newest first (the house's children have a null parent).
CREATE INDEX agents_children ON agents (parent_id, created_at DESC, user_id DESC);

CREATE TABLE agent_players (
  player_id              uuid PRIMARY KEY REFERENCES users (id),
  parent_id              uuid NOT NULL REFERENCES agents (user_id),
  credit_reference_minor bigint NOT NULL DEFAULT 0 CHECK (credit_reference_minor >= 0),
  exposure_limit_minor   bigint CHECK (exposure_limit_minor > 0)
);
CREATE INDEX agent_players_children ON agent_players (parent_id);
`;
