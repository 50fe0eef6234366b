/**
 * Room on each page for a casino bet's settlement, as 011 for table and crash bets
 * (docs/decisions/0205). A bet is inserted with its round's first callback and updated by the win or
 * rollback that settles it, usually a batch or two later; the update changes no indexed column, so
 * with free space on the page it is rewritten in place (a HOT update) instead of adding an entry to
 * the primary key and to the players' bets index. Full pages left no such room. Applies to pages
 * written from now on.
 */
export const sql = `
ALTER TABLE casino_transactions SET (fillfactor = 60);
`;
