/**
 * The trading API's tables for a statement that joins them with another module's rows in one round trip
 * (docs/decisions/0266): the console's player page counts a player's live app keys. A read or write of
 * these tables alone is a function of this module.
 */
export const betfairTables = { appKeys: 'app_keys' } as const;
