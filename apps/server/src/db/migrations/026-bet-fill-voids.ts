/**
 * Voiding a bet matched against other players (docs/decisions/0251): the fills touching it are voided
 * with it, each counterparty's matched part shrinks by what was voided. A voided fill stays for the
 * record but no longer counts (a market's rebuild reads only standing fills); `voided_minor` is the part
 * of a bet's stake that was matched and then voided, so stake = matched + cancelled + voided + what rests.
 */
export const sql = `
ALTER TABLE bet_fills ADD COLUMN voided_at timestamptz;
ALTER TABLE bets ADD COLUMN voided_minor bigint NOT NULL DEFAULT 0 CHECK (voided_minor >= 0);
ALTER TABLE bets ADD CONSTRAINT bets_parts_within_stake
  CHECK (matched_minor + cancelled_minor + voided_minor <= stake_minor);
`;
