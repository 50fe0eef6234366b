/**
 * A re-settlement may take a player's cash below zero by exactly the winnings it takes back that the
 * player no longer holds (docs/decisions/0252, amending 0242). `overdraft_minor` is how far below zero
 * the database lets that cash be: the re-settlement raises it for a short player in its own
 * transaction and leaves it at the debt it created; nothing else raises it. The posting functions
 * (db/functions) still refuse any other debit that would end below zero, and let a credit through to
 * a balance below zero, so deposits and wins bring it back.
 */
export const sql = `
ALTER TABLE accounts ADD COLUMN overdraft_minor bigint NOT NULL DEFAULT 0
  CONSTRAINT overdraft_not_negative CHECK (overdraft_minor >= 0);
ALTER TABLE accounts DROP CONSTRAINT player_balance_not_negative;
-- Exactly the PLAYER_* kinds belong to a player (002), so this is "player balances >= -overdraft".
ALTER TABLE accounts ADD CONSTRAINT player_balance_within_overdraft
  CHECK (player_id IS NULL OR balance_minor + overdraft_minor >= 0);
`;
