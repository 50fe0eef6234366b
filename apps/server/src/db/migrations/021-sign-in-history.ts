/**
 * Sign-in history and session handles for the back office's player page (docs/decisions/0248). Every
 * sign-in attempt of an existing account is kept: when, from which address, with which browser, and how
 * it ended; the newest 100 per account, pruned by the statement that writes the next one. A session
 * gains a number staff can name it by (never its token), the address it was opened from and when it was
 * last seen.
 */
export const sql = `
CREATE TABLE sign_ins (
  id          bigserial PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id),
  at          timestamptz NOT NULL DEFAULT now(),
  address     text NOT NULL CHECK (char_length(address) <= 100),
  user_agent  text NOT NULL CHECK (char_length(user_agent) <= 200),
  outcome     text NOT NULL CHECK (outcome IN ('ok', 'bad_password', 'refused')),
  code        text CHECK (char_length(code) <= 40),
  CHECK ((outcome = 'refused') = (code IS NOT NULL))
);
CREATE INDEX sign_ins_user ON sign_ins (user_id, id);
CREATE INDEX sign_ins_address ON sign_ins (address, user_id);

ALTER TABLE sessions ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE sessions ADD COLUMN address text CHECK (char_length(address) <= 100);
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
CREATE UNIQUE INDEX sessions_id ON sessions (id);

-- The players list pages newest first by (created_at, id): a deep page is an index range, not an offset.
CREATE INDEX users_players_newest ON users (created_at DESC, id DESC) WHERE role = 'player';
`;
