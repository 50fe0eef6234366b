/**
 * The trading API's app keys (docs/decisions/0255): a player makes keys for their programs and revokes
 * them; a revoked key stays (revoked_at) so it is never handed out again. The operator may turn a
 * player's API access off without touching their portal sign-in.
 */
export const sql = `
CREATE TABLE app_keys (
  app_key     text PRIMARY KEY,
  player_id   uuid NOT NULL REFERENCES users(id),
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);
CREATE INDEX app_keys_player ON app_keys (player_id) WHERE revoked_at IS NULL;
ALTER TABLE users ADD COLUMN api_access_disabled boolean NOT NULL DEFAULT false;
`;
