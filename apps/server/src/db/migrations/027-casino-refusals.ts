/**
 * Refused casino wallet callbacks (docs/decisions/0254): one row per money callback the wallet refused
 * that named a known launch token, with the answer it was given, so the console lists it beside the
 * accepted ones. Rows are written after the answer, in batches, never in a money transaction. `seq` is
 * drawn from casino_transactions' own sequence, so both tables page together newest first under one
 * cursor; `id` is the table's own insertion order, by which the writer keeps only the newest rows.
 */
export const sql = `
CREATE TABLE casino_refusals (
  id                       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  seq                      bigint NOT NULL DEFAULT nextval('casino_transactions_seq_seq'),
  session_id               bigint NOT NULL,
  player_id                uuid NOT NULL REFERENCES users (id),
  game_id                  text NOT NULL CHECK (char_length(game_id) <= 64),
  kind                     text NOT NULL CHECK (kind IN ('BET', 'WIN', 'ROLLBACK')),
  -- As the request carried them; null when it carried none readable (a body refused for its shape).
  transaction_id           text CHECK (char_length(transaction_id) <= 64),
  round_id                 text CHECK (char_length(round_id) <= 64),
  reference_transaction_id text CHECK (char_length(reference_transaction_id) <= 64),
  amount_minor             bigint CHECK (amount_minor >= 0),
  -- The answer sent ({status, balance, currency}).
  answer                   jsonb NOT NULL,
  created_at               timestamptz NOT NULL
);
CREATE INDEX casino_refusals_seq ON casino_refusals (seq);
CREATE INDEX casino_refusals_player ON casino_refusals (player_id, seq);
`;
