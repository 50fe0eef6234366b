/**
 * Limits on everything. Sizes live inside the book as JavaScript numbers (exact integers), so
 * the bounds below keep every sum the book forms under Number.MAX_SAFE_INTEGER (about 9.007e15):
 * one price level holds at most MAX_LIVE_ORDERS_PER_MARKET x MAX_ORDER_SIZE_MINOR = 5e15.
 */
export const MAX_ORDER_SIZE_MINOR = 100_000_000_000; // 1e9 currency units of stake
/** The same bound for house-priced stakes, which are bigint money like every P&L figure. */
export const MAX_STAKE_MINOR = 100_000_000_000n;
export const MAX_LIVE_ORDERS_PER_MARKET = 50_000;
export const MAX_RUNNERS_PER_MARKET = 64;
export const MAX_ID_LENGTH = 64;
/** Finished orders remembered so a late cancel says ORDER_NOT_OPEN and an id cannot be reused. */
export const FINISHED_ORDERS_REMEMBERED = 10_000;
export const DEFAULT_LADDER_DEPTH = 3;
export const MAX_LADDER_DEPTH = 350;
