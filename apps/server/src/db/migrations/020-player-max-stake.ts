/**
 * A per-player maximum stake (docs/decisions/0241): support may cap what one bet of a player may stake,
 * in every product. Null: the products' own limits only. Read by the admission gate with the status.
 */
export const sql = `
ALTER TABLE users ADD COLUMN max_stake_minor bigint CHECK (max_stake_minor > 0);
`;
