/**
 * Fixed-window counters for sign-in and demo allowances: one row per throttle key, bumped by a single
 * upsert so concurrent attempts serialise on the row lock (see docs/decisions/0040).
 * Millisecond precision so a window end read back into JavaScript matches the stored value exactly.
 */
export const sql = `
CREATE TABLE rate_counters (
  key            text PRIMARY KEY,
  count          integer NOT NULL CHECK (count >= 0),
  window_ends_at timestamptz(3) NOT NULL
);
CREATE INDEX rate_counters_window_ends ON rate_counters (window_ends_at);
`;
