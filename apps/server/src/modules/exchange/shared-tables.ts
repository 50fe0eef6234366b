/**
 * The exchange's tables for a statement that joins them with another module's rows in one round trip
 * (docs/decisions/0266): the console's reports and lists over every product's bets, the trading API's
 * orders with their markets' names and ids, the agents' P/L reports over the settlements' roll-ups. A
 * read or write of these tables alone is a function of this module.
 */
export const exchangeTables = {
  bets: 'bets',
  betFills: 'bet_fills',
  marketSettlements: 'market_settlements',
  /** The agents' daily P/L roll-ups, written with each settlement (docs/decisions/0291), read by reports. */
  agentPlDaily: 'agent_pl_daily',
  agentPlMarkets: 'agent_pl_markets',
} as const;
