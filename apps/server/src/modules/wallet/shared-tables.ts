/**
 * The wallet's tables for a statement that joins them with another module's rows in one round trip
 * (docs/decisions/0266): a list showing each player's balances, the admission gate's cash, a casino
 * callback batch's cash, the reports over the ledger's transfers. Account ids come from the ledger
 * package (`playerCashAccountId`, `playerCashAccountIdSql`). A read or write of these tables alone is a
 * function of this module.
 */
export const walletTables = { accounts: 'accounts', transfers: 'transfers', holds: 'holds' } as const;
