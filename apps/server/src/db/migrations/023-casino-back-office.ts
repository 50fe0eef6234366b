/**
 * The console's casino (docs/decisions/0245). The provider switch: one row, read once by every
 * instance and again when the bus says it changed. A short id for each game session, which staff name
 * (the token's hash stays a lookup key only), and the orders the console lists sessions and callbacks
 * in: insertion order, newest first. The callbacks' index is on `seq` alone, a bigint always appended
 * at the right edge of the index, the cheapest index a write can keep.
 */
export const sql = `
CREATE TABLE casino_provider (
  only_row   boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  enabled    boolean NOT NULL,
  changed_at timestamptz,
  changed_by uuid REFERENCES users (id)
);
INSERT INTO casino_provider (enabled) VALUES (true);

ALTER TABLE casino_sessions ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY;
CREATE UNIQUE INDEX casino_sessions_id ON casino_sessions (id);
CREATE INDEX casino_sessions_player_game ON casino_sessions (player_id, game_id, id);

CREATE INDEX casino_transactions_seq ON casino_transactions (seq);
`;
