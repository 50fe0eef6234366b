import type { Sql } from '../../../db/database.ts';
import { readFillsOfBets, type BetFillRow } from '../../exchange/index.ts';
import { betIdOfUuid } from '../ids.ts';
import { runnerBookOrder } from '../orders/current-orders.ts';
import { CURRENT_ORDERS, OrderConditions, readOrderRows, RESTING_ORDERS } from '../orders/order-rows.ts';
import { betfairDate } from '../orders/amounts.ts';
import type { RunnerBookMatch, RunnerBookOrder } from '../orders/order-shapes.ts';
import { priceHundredthsOfTick } from '@backlay/exchange';
import { majorUnits, priceOfTick } from './prices.ts';

/** What listMarketBook's orderProjection and matchProjection ask for (absent: not asked). */
export type OrdersAsk = {
  orders: 'ALL' | 'EXECUTABLE' | 'EXECUTION_COMPLETE' | null;
  matches: 'NO_ROLLUP' | 'ROLLED_UP_BY_PRICE' | 'ROLLED_UP_BY_AVG_PRICE' | null;
};

/** What a runner of the book shows of the caller: `orders` with orderProjection, `matches` with matchProjection. */
export type RunnerOwn = { orders?: RunnerBookOrder[]; matches?: RunnerBookMatch[] };
/** The caller's orders and matches of one runner, keyed `${market bf id}:${selection id}`. */
export type RunnerOrders = Map<string, RunnerOwn>;

/**
 * The caller's orders on the books' markets as RunnerBookOrder, and their matches as RunnerBookMatch:
 * each standing fill (NO_ROLLUP), summed by side and price (ROLLED_UP_BY_PRICE), or one per side at
 * the average price (ROLLED_UP_BY_AVG_PRICE). Two reads, only when asked.
 */
export async function readRunnerOrders(
  sql: Sql,
  playerId: string,
  marketIds: readonly string[],
  ask: OrdersAsk,
): Promise<RunnerOrders> {
  const answer: RunnerOrders = new Map();
  if ((!ask.orders && !ask.matches) || marketIds.length === 0) return answer;
  const conditions = new OrderConditions()
    .raw(CURRENT_ORDERS)
    .add('b.market_id = ANY($?::text[])', marketIds);
  if (ask.orders === 'EXECUTABLE') conditions.raw(RESTING_ORDERS);
  if (ask.orders === 'EXECUTION_COMPLETE') conditions.raw(`NOT (${RESTING_ORDERS})`);
  const rows = await readOrderRows(sql, playerId, conditions, {
    orderBy: 'BY_BET',
    descending: false,
    from: 0,
    count: 10_000,
  });
  // Only what was asked appears on a runner: `orders` with orderProjection, `matches` with matchProjection.
  const own = (key: string): RunnerOwn => {
    const found = answer.get(key) ?? {};
    answer.set(key, found);
    return found;
  };
  if (ask.orders)
    for (const row of rows)
      (own(`${row.market_bf}:${row.selection_id}`).orders ??= []).push(runnerBookOrder(row));
  if (ask.matches) {
    const fills = await readFills(
      sql,
      rows.map((row) => row.id),
    );
    const sides = new Map(
      rows.map((row) => [row.id, { side: row.side, key: `${row.market_bf}:${row.selection_id}` }]),
    );
    for (const [key, matches] of rollUp(fills, sides, ask.matches))
      (own(key).matches ??= []).push(...matches);
  }
  return answer;
}

type Fill = BetFillRow;

/** The standing fills of the caller's bets, oldest first, each with the caller's bet. */
async function readFills(sql: Sql, betIds: readonly string[]): Promise<Fill[]> {
  return betIds.length === 0 ? [] : readFillsOfBets(sql, betIds);
}

function rollUp(
  fills: readonly Fill[],
  bets: ReadonlyMap<string, { side: RunnerBookMatch['side']; key: string }>,
  how: NonNullable<OrdersAsk['matches']>,
): Map<string, RunnerBookMatch[]> {
  const groups = new Map<
    string,
    {
      key: string;
      side: RunnerBookMatch['side'];
      tick: number;
      sizeMinor: bigint;
      value: bigint;
      fill: Fill;
    }[]
  >();
  for (const fill of fills) {
    const bet = bets.get(fill.bet_id);
    if (!bet) continue;
    const group =
      how === 'NO_ROLLUP'
        ? fill.id
        : how === 'ROLLED_UP_BY_PRICE'
          ? `${bet.side}:${fill.price_tick}`
          : bet.side;
    const groupKey = `${bet.key}|${group}`;
    const list = groups.get(groupKey) ?? [];
    groups.set(groupKey, list);
    const sizeMinor = BigInt(fill.size_minor);
    list.push({
      key: bet.key,
      side: bet.side,
      tick: fill.price_tick,
      sizeMinor,
      value: sizeMinor * BigInt(priceHundredthsOfTick(fill.price_tick)),
      fill,
    });
  }
  const answer = new Map<string, RunnerBookMatch[]>();
  for (const list of groups.values()) {
    const first = list[0]!;
    const sizeMinor = list.reduce((sum, one) => sum + one.sizeMinor, 0n);
    const value = list.reduce((sum, one) => sum + one.value, 0n);
    const match: RunnerBookMatch = {
      side: first.side,
      price: how === 'ROLLED_UP_BY_AVG_PRICE' ? Number(value / sizeMinor) / 100 : priceOfTick(first.tick),
      size: majorUnits(sizeMinor),
      ...(how === 'NO_ROLLUP' && {
        betId: betIdOfUuid(first.fill.bet_id),
        matchId: first.fill.id,
        matchDate: betfairDate(first.fill.created_at),
      }),
    };
    const matches = answer.get(first.key) ?? [];
    matches.push(match);
    answer.set(first.key, matches);
  }
  return answer;
}
