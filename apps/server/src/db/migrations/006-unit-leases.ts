/**
 * Who owns each live unit (a market's command stream, a table's round loop, the crash loop): one row per
 * unit, renewed by its owner before `expires_at`; an expired row may be taken over (docs/decisions/0106).
 */
export const sql = `
CREATE TABLE unit_leases (
  unit_id    text PRIMARY KEY,
  owner      text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX unit_leases_owner ON unit_leases (owner);
`;
