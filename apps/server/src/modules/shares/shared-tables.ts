/**
 * The agents' daily P/L roll-ups (docs/decisions/0291, 0297) for a statement that joins them with
 * another module's rows in one round trip (0266): the P/L reports, a re-settlement finding the agents
 * of a market's earlier shares. Written only here, by every product's sharing.
 */
export const shareTables = {
  agentPlDaily: 'agent_pl_daily',
  agentPlMarkets: 'agent_pl_markets',
} as const;
