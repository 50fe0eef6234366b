/** Smallest and largest stake per round, in minor units (0.10 to 100,000.00). */
export const MIN_STAKE_MINOR = 10n;
export const MAX_STAKE_MINOR = 10_000_000n;
/** Seeds revealed by rotation that a player's game keeps listing. */
export const REVEALED_KEPT = 10;
/** Rounds the session answer lists. */
export const HISTORY_SHOWN = 20;
