/**
 * The exchange's tables for a statement that joins them with another module's rows in one round trip
 * (docs/decisions/0266): the console's reports and lists over every product's bets, the trading API's
 * orders with their markets' names and ids. A read or write of these tables alone is a function of
 * this module.
 */
export const exchangeTables = {
  bets: 'bets',
  betFills: 'bet_fills',
  marketSettlements: 'market_settlements',
} as const;
