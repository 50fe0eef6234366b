/**
 * Paused tables (docs/decisions/0244): a row while trading holds a table (or the crash game, `crash`)
 * from opening new rounds. Its owner reads it when it loads the table, so a pause outlives restarts and
 * a change of owner; resuming deletes the row.
 */
export const sql = `
CREATE TABLE table_pauses (
  table_id    text PRIMARY KEY,
  paused_at   timestamptz NOT NULL,
  paused_by   text NOT NULL,
  reason      text
);
`;
