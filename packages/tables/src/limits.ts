/** Points in minor units, for readable limits: points(50) = 50.00. */
export const points = (whole: number): bigint => BigInt(whole) * 100n;

/** Card tables: 10.00 to 50,000.00 a bet unless a market says otherwise. */
export const CARD_TABLE_MIN_MINOR = points(10);
export const CARD_TABLE_MAX_MINOR = points(50_000);
