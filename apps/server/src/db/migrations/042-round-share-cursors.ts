/**
 * Casino, table and crash rounds are shared up the agent chain by a job (docs/decisions/0297) that
 * reads each scope's finished rounds after a cursor: a table's (or the crash game's) round id, the
 * casino's transaction seq. Rounds finished before sharing existed are not shared: the cursors start
 * at what is there.
 */
export const sql = `
CREATE TABLE round_share_cursors (
  scope    text PRIMARY KEY,
  position bigint NOT NULL,
  moved_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO round_share_cursors (scope, position)
  SELECT 'table:' || table_id, max(id) FROM table_rounds WHERE status IN ('SETTLED', 'VOID') GROUP BY table_id;
INSERT INTO round_share_cursors (scope, position)
  SELECT 'casino', max(seq) FROM casino_transactions HAVING max(seq) IS NOT NULL;
`;
