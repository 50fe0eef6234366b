/**
 * Player protection (docs/decisions/0232): a player's breaks from play and reality-check interval, and
 * the append-only history of every change to their protection. A time-out and a self-exclusion only
 * ever move their end later; the admission gate reads this row with the player's standing.
 */
export const sql = `
CREATE TABLE player_protection (
  player_id            uuid PRIMARY KEY REFERENCES users (id),
  timed_out_until      timestamptz,
  excluded_until       timestamptz,
  reopen_requested_at  timestamptz,
  reality_check_minutes integer NOT NULL DEFAULT 60 CHECK (reality_check_minutes IN (0, 15, 30, 60))
);

CREATE TABLE protection_history (
  id         bigserial PRIMARY KEY,
  player_id  uuid NOT NULL REFERENCES users (id),
  at         timestamptz NOT NULL DEFAULT now(),
  actor      text NOT NULL CHECK (char_length(actor) BETWEEN 1 AND 80),
  action     text NOT NULL CHECK (char_length(action) BETWEEN 1 AND 80),
  before     jsonb,
  after      jsonb
);
CREATE INDEX protection_history_player ON protection_history (player_id, id);

CREATE FUNCTION protection_history_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'protection_history is append-only';
END $$;
CREATE TRIGGER protection_history_append_only BEFORE UPDATE OR DELETE ON protection_history
  FOR EACH ROW EXECUTE FUNCTION protection_history_is_append_only();
`;
