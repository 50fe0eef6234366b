/**
 * The round games' tables for a statement that joins them with another module's rows in one round trip
 * (docs/decisions/0266): the console's reports and lists over every product's bets, the dashboard's
 * overdue rounds. A read or write of these tables alone is a function of this module.
 */
export const roundTables = {
  tableRounds: 'table_rounds',
  tableBets: 'table_bets',
  crashBets: 'crash_bets',
} as const;
