/**
 * The console's markets and position book (docs/decisions/0249). A market's bets without reading every
 * market's: the position book, the market list's matched volume and a market unit's load each read one
 * market's bets, and only its open ones were indexed. A bet never changes market, so the bets' frequent
 * updates (matched, settled) stay HOT. The list walks events by start, a page at a time. `sum_minor`
 * sums minor units as bigint (an overflow is an error): sum(bigint) answers numeric, which cost the
 * position book more than all its other work.
 */
export const sql = `
CREATE INDEX bets_market ON bets (market_id);
CREATE INDEX events_start ON events (start_time);
CREATE AGGREGATE sum_minor(bigint) (SFUNC = int8pl, STYPE = bigint);
`;
