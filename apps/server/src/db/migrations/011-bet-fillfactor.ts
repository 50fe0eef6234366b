/**
 * Room on each page for a bet's settlement (docs/decisions/0195). A table or crash bet is written
 * once when placed and updated once when its round settles; the update changes no indexed column, so
 * with free space on the page PostgreSQL rewrites it in place (a HOT update) instead of adding an
 * entry to each of the table's indexes. Full pages (the default) left no such room, and a round of
 * 1,000 bets rewrote every index 1,000 times. Applies to pages written from now on.
 */
export const sql = `
ALTER TABLE table_bets SET (fillfactor = 60);
ALTER TABLE crash_bets SET (fillfactor = 60);
`;
