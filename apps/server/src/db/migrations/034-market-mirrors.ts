/**
 * Markets whose house quotes follow a source's book (docs/decisions/0271): a row once the first source
 * book reaches the market, so a rebuilt market never falls back to quoting the fair price, and the
 * operator's liability cap for the market (null: MIRROR_MARKET_CAP).
 */
export const sql = `
CREATE TABLE market_mirrors (
  market_id           text PRIMARY KEY REFERENCES markets (id),
  mirrored            boolean NOT NULL DEFAULT false,
  liability_cap_minor bigint CHECK (liability_cap_minor > 0)
);
`;
