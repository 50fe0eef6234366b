/**
 * Each roll-up row also carries the parts of the agents above its agent, nearest first (the tree is at
 * most six deep, so five), so an agent viewing a descendant's report reads its own part of each row
 * rather than the descendant's (docs/decisions/0313). Rows booked before hold 0 there.
 */
const above = [1, 2, 3, 4, 5]
  .map((n) => `ADD COLUMN above${n}_share_minor bigint NOT NULL DEFAULT 0`)
  .join(', ');

export const sql = `
ALTER TABLE agent_pl_daily ${above};
ALTER TABLE agent_pl_markets ${above};
`;
