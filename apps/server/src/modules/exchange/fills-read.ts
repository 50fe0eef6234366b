import type { Sql } from '../../db/database.ts';

/**
 * Reads of the exchange's fills and settlements for the trading API (docs/decisions/0257): traded
 * volume by price, a caller's own matches, the winners of settled markets. A voided fill no longer
 * counts (0251).
 */

export type TradedRow = {
  market_id: string;
  runner_index: number;
  price_tick: number;
  size_minor: bigint | string;
  last_id: bigint | string;
  last_at: Date | string;
};

/** The markets' standing fills grouped by runner and price, through their (market_id, id) index. */
export function readTradedByPrice(sql: Sql, marketIds: readonly string[]): Promise<TradedRow[]> {
  return sql.query<TradedRow>(
    `SELECT market_id, runner_index, price_tick, sum_minor(size_minor) AS size_minor, max(id) AS last_id,
            max(created_at) AS last_at
       FROM bet_fills
      WHERE market_id = ANY($1::text[]) AND voided_at IS NULL
      GROUP BY market_id, runner_index, price_tick`,
    [marketIds],
  );
}

export type BetFillRow = {
  id: string;
  bet_id: string;
  price_tick: number;
  size_minor: string;
  created_at: Date | string;
};

/** The standing fills of these bets, oldest first, each with the bet of the list it filled. */
export function readFillsOfBets(sql: Sql, betIds: readonly string[]): Promise<BetFillRow[]> {
  return sql.query<BetFillRow>(
    `SELECT f.id::text, CASE WHEN f.taker_order_id = ANY($1::text[]) THEN f.taker_order_id ELSE f.maker_order_id END AS bet_id,
            f.price_tick, f.size_minor::text, f.created_at
       FROM bet_fills f
      WHERE (f.taker_order_id = ANY($1::text[]) OR f.maker_order_id = ANY($1::text[])) AND f.voided_at IS NULL
      ORDER BY f.id`,
    [betIds],
  );
}

/** The winning runner of each of these markets that settled on a winner (a void has none). */
export async function readSettledWinners(
  sql: Sql,
  marketIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await sql.query<{ market_id: string; runner_id: string | null }>(
    `SELECT market_id, result->>'runnerId' AS runner_id FROM market_settlements
      WHERE market_id = ANY($1::text[]) AND result->>'kind' = 'WINNER'`,
    [marketIds],
  );
  return new Map(rows.flatMap((row) => (row.runner_id ? [[row.market_id, row.runner_id] as const] : [])));
}
