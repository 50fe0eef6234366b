/**
 * A re-settlement finds the agents who took a share of the market's earlier settlement by its roll-up
 * rows (docs/decisions/0291), so that it reverses their share transfers even if a player moved since.
 */
export const sql = `
CREATE INDEX agent_pl_markets_market ON agent_pl_markets (market_id);
`;
