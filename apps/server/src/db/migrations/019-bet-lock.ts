/**
 * A bet lock (docs/decisions/0240): support may stop a player from staking while leaving them able to
 * sign in, see their balance and withdraw. The admission gate reads it with the player's status.
 */
export const sql = `
ALTER TABLE users ADD COLUMN bet_locked boolean NOT NULL DEFAULT false;
`;
