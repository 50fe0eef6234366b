/**
 * The casino's tables for a statement that joins them with another module's rows in one round trip
 * (docs/decisions/0266): the console's reports and lists over every product's bets. A read or write of
 * these tables alone is a function of this module.
 */
export const casinoTables = { transactions: 'casino_transactions' } as const;
