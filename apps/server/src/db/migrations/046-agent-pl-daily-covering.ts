/**
 * An agent's P/L by child over a period reads every roll-up row of its days: for an agent with
 * thousands of players of its own, a row per player and day, spread over as many heap pages as rows.
 * This index holds each row's figures in (agent, day) order, so the report reads them from a few
 * contiguous index pages without touching the table (docs/decisions/0323).
 */
const figures = ['turnover', 'players_pl', 'own_share', 'upline_share', 'commission']
  .concat([1, 2, 3, 4, 5].map((n) => `above${n}_share`))
  .map((column) => `${column}_minor`)
  .join(', ');

export const sql = `
CREATE INDEX agent_pl_daily_by_agent_day ON agent_pl_daily (agent_id, day) INCLUDE (child_id, ${figures});
`;
