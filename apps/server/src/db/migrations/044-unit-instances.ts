/**
 * The unit routers that are alive: one row per instance, renewed every second or so. A lease whose owner's
 * row has expired is free whatever its own expiry, so a dead owner's units move within the row's
 * lifetime, not the lease's (docs/decisions/0307).
 */
export const sql = `
CREATE TABLE unit_instances (
  instance   text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
`;
