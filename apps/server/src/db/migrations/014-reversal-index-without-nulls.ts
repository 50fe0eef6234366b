/**
 * A transfer reverses at most one other, and a transfer is reversed at most once: the unique key on
 * reverses_transfer_id (002). Almost no transfer reverses anything, yet a unique constraint indexes
 * every row, NULLs included, so each transfer paid for an index entry nobody looks up. The same
 * uniqueness over the rows that name a transfer costs nothing for the others (docs/decisions/0208).
 */
export const sql = `
ALTER TABLE transfers DROP CONSTRAINT transfers_reverses_transfer_id_key;
CREATE UNIQUE INDEX transfers_reverses_transfer_id_key ON transfers (reverses_transfer_id)
  WHERE reverses_transfer_id IS NOT NULL;
`;
