/**
 * Third-party casino games (docs/decisions/0140, 0141): launch tokens the aggregator presents on every
 * wallet callback, and one row per accepted wallet transaction, keyed by the aggregator's transaction
 * id, holding the answer a replay gets. A bet row also carries its round's outcome (the sum of its wins
 * and whether it was rolled back), which the Current Bet report lists.
 */
export const sql = `
CREATE TABLE casino_sessions (
  -- SHA-256 of the launch token: the token itself only travels to the aggregator.
  token_hash text PRIMARY KEY,
  player_id  uuid NOT NULL REFERENCES users (id),
  game_id    text NOT NULL CHECK (char_length(game_id) <= 64),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX casino_sessions_player ON casino_sessions (player_id, created_at);

CREATE TABLE casino_transactions (
  transaction_id           text PRIMARY KEY CHECK (char_length(transaction_id) <= 64),
  -- Insertion order: breaks ties between rows of one clock tick in newest-first lists.
  seq                      bigint GENERATED ALWAYS AS IDENTITY,
  kind                     text NOT NULL CHECK (kind IN ('BET', 'WIN', 'ROLLBACK')),
  player_id                uuid NOT NULL REFERENCES users (id),
  game_id                  text NOT NULL CHECK (char_length(game_id) <= 64),
  round_id                 text NOT NULL CHECK (char_length(round_id) <= 64),
  amount_minor             bigint NOT NULL CHECK (amount_minor >= 0),
  -- The bet a win or rollback settles; null on bets.
  reference_transaction_id text CHECK (char_length(reference_transaction_id) <= 64),
  -- SHA-256 of the request's money fields: the same id with another body is a duplicate, not a replay.
  fingerprint              text NOT NULL,
  -- The first answer ({status, balance, currency}), sent again to every replay.
  answer                   jsonb NOT NULL,
  ledger_transfer_id       bigint REFERENCES transfers (id),
  -- Bets only: what the round paid back so far, and its state.
  win_minor                bigint NOT NULL DEFAULT 0 CHECK (win_minor >= 0),
  bet_status               text CHECK (bet_status IN ('OPEN', 'WON', 'LOST', 'ROLLED_BACK')),
  created_at               timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'BET') = (bet_status IS NOT NULL)),
  CHECK ((kind = 'BET') = (reference_transaction_id IS NULL))
);
CREATE INDEX casino_bets_player ON casino_transactions (player_id, created_at DESC, seq DESC) WHERE kind = 'BET';
`;
