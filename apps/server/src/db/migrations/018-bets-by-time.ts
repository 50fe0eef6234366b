/**
 * The console's list of bets across products, newest first (docs/decisions/0239): each product's bets by
 * the time they were placed, so a page is a few index probes whatever the filter leaves. Placement times
 * and ids never change, so the bets' frequent updates stay HOT.
 */
export const sql = `
CREATE INDEX bets_placed ON bets (placed_at DESC, id DESC);
CREATE INDEX table_bets_placed ON table_bets (placed_at DESC, id DESC);
CREATE INDEX crash_bets_placed ON crash_bets (placed_at DESC, id DESC);
CREATE INDEX casino_bets_placed ON casino_transactions (created_at DESC, transaction_id DESC) WHERE kind = 'BET';
`;
