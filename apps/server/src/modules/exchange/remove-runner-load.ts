import { priceHundredthsOfTick, type MatchedFill } from '@backlay/exchange';
import type { BetSide } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import type { MarketUnit } from './market-unit.ts';

/** A standing fill as a non-runner's removal judges it: when it matched and the price it stands at. */
export type StandingFill = MatchedFill & {
  id: string;
  priceTick: number;
  /** Its price now: reduced by earlier removals, or its ladder price. */
  priceHundredths: number;
  takerOrderId: string;
  makerOrderId: string;
  /** When it was written, which is when it matched as far as the market is concerned. */
  matchedAtMs: number;
};

type FillRow = {
  id: string;
  runner_index: number;
  price_tick: number;
  price_hundredths: number | null;
  size_minor: bigint | string;
  taker_side: BetSide;
  taker_order_id: string;
  taker_account_id: string;
  maker_order_id: string;
  maker_account_id: string;
  matched_at_ms: string | number;
};

/** The market's standing fills in match order; `reducedOnly`: only those a removal repriced. */
export async function readStandingFills(
  sql: Sql,
  marketId: string,
  reducedOnly = false,
): Promise<StandingFill[]> {
  const rows = await sql.query<FillRow>(
    `SELECT id::text, runner_index, price_tick, price_hundredths, size_minor, taker_side, taker_order_id,
            taker_account_id, maker_order_id, maker_account_id,
            floor(extract(epoch FROM created_at) * 1000)::bigint AS matched_at_ms
       FROM bet_fills
      WHERE market_id = $1 AND voided_at IS NULL AND ($2::boolean IS FALSE OR price_hundredths IS NOT NULL)
      ORDER BY id`,
    [marketId, reducedOnly],
  );
  return rows.map((row) => ({
    id: row.id,
    runnerIndex: row.runner_index,
    priceTick: row.price_tick,
    priceHundredths: row.price_hundredths ?? priceHundredthsOfTick(row.price_tick),
    sizeMinor: BigInt(row.size_minor),
    takerSide: row.taker_side,
    takerOrderId: row.taker_order_id,
    takerAccountId: row.taker_account_id,
    makerOrderId: row.maker_order_id,
    makerAccountId: row.maker_account_id,
    matchedAtMs: Number(row.matched_at_ms),
  }));
}

/**
 * A rebuilt market's removals (docs/decisions/0269): which runners are gone, and each reduced fill
 * moved from its ladder price (at which the rebuild counted it) to the price it stands at.
 */
export async function readRemovals(sql: Sql, unit: MarketUnit): Promise<void> {
  const rows = await sql.query<{ runner_id: string; factor_basis_points: number; removed_at_ms: string }>(
    `SELECT runner_id, factor_basis_points, floor(extract(epoch FROM removed_at) * 1000)::bigint AS removed_at_ms
       FROM runner_removals WHERE market_id = $1`,
    [unit.id],
  );
  if (rows.length === 0) return;
  for (const row of rows) {
    unit.removals.set(row.runner_id, {
      runnerId: row.runner_id,
      factorBasisPoints: row.factor_basis_points,
      removedAtMs: Number(row.removed_at_ms),
    });
  }
  for (const fill of await readStandingFills(sql, unit.id, true))
    unit.risk.moveMatched(fill, priceHundredthsOfTick(fill.priceTick), fill.priceHundredths);
}
