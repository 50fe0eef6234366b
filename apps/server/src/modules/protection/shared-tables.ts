/**
 * The protection module's tables for a statement that joins them with another module's rows in one
 * round trip (docs/decisions/0266): the console's player page. A read or write of these tables alone is
 * a function of this module.
 */
export const protectionTables = { playerProtection: 'player_protection' } as const;
