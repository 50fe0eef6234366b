import type { Sql } from '../../../db/database.ts';
import { readTradedByPrice } from '../../exchange/index.ts';

/** What a market's standing fills add up to, per runner (index in the market's runner order). */
export type RunnerTraded = {
  /** Minor units matched at each price tick. */
  byTick: Map<number, bigint>;
  totalMinor: bigint;
  /** The tick of the runner's latest fill. */
  lastTick: number;
  /** When the runner's latest fill was made (ms since the epoch). */
  lastMatchedMs: number;
};
export type MarketTraded = Map<number, RunnerTraded>;

/**
 * Traded volume, last price traded and matched totals of markets from `bet_fills`: one grouped read of
 * the asked markets' fills through their (market_id, id) index. A voided fill no longer counts.
 */
export async function readTraded(sql: Sql, marketIds: readonly string[]): Promise<Map<string, MarketTraded>> {
  const answer = new Map<string, MarketTraded>();
  if (marketIds.length === 0) return answer;
  const rows = await readTradedByPrice(sql, marketIds);
  const lastIds = new Map<RunnerTraded, bigint>();
  for (const row of rows) {
    const market = answer.get(row.market_id) ?? new Map<number, RunnerTraded>();
    answer.set(row.market_id, market);
    const runner = market.get(row.runner_index) ?? {
      byTick: new Map(),
      totalMinor: 0n,
      lastTick: row.price_tick,
      lastMatchedMs: 0,
    };
    market.set(row.runner_index, runner);
    const size = BigInt(row.size_minor);
    runner.byTick.set(row.price_tick, size);
    runner.totalMinor += size;
    runner.lastMatchedMs = Math.max(runner.lastMatchedMs, new Date(row.last_at).getTime());
    const lastId = BigInt(row.last_id);
    if (lastId > (lastIds.get(runner) ?? -1n)) {
      lastIds.set(runner, lastId);
      runner.lastTick = row.price_tick;
    }
  }
  return answer;
}

/** A market's matched total over its runners. */
export const marketTotalMinor = (market: MarketTraded | undefined): bigint =>
  [...(market?.values() ?? [])].reduce((sum, runner) => sum + runner.totalMinor, 0n);

/** When the market's latest standing fill was made; undefined before its first match. */
export function lastMatchedMs(market: MarketTraded | undefined): number | undefined {
  const times = [...(market?.values() ?? [])].map((runner) => runner.lastMatchedMs);
  return times.length > 0 ? Math.max(...times) : undefined;
}
