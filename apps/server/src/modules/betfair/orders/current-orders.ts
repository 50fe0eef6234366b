import { ApiNgError, type ApiNgCaller, type ApiNgParams } from '../api-ng/operation.ts';
import { betIdOfUuid, bfMarketId } from '../ids.ts';
import { averagePrice, betfairDate, priceOfTick, sizeOfMinor } from './amounts.ts';
import type { OrderDeps } from './deps.ts';
import { addCommonFilters, pageOf, sortOf, timeRange } from './list-params.ts';
import {
  CURRENT_ORDERS,
  OrderConditions,
  orderSizes,
  readOrderRows,
  RESTING_ORDERS,
  type OrderRow,
} from './order-rows.ts';
import type { CurrentOrderSummary, CurrentOrderSummaryReport, RunnerBookOrder } from './order-shapes.ts';

/** listCurrentOrders: the caller's unsettled orders, executable (some rests) or execution complete. */
export async function listCurrentOrders(
  deps: OrderDeps,
  caller: ApiNgCaller,
  params: ApiNgParams,
): Promise<CurrentOrderSummaryReport> {
  const conditions = new OrderConditions().raw(CURRENT_ORDERS);
  addCommonFilters(params, conditions);
  const projection = params.orderProjection ?? 'ALL';
  if (projection === 'EXECUTABLE') conditions.raw(RESTING_ORDERS);
  else if (projection === 'EXECUTION_COMPLETE') conditions.raw(`NOT (${RESTING_ORDERS})`);
  else if (projection !== 'ALL')
    throw new ApiNgError('INVALID_INPUT_DATA', 'orderProjection must be an OrderProjection.');
  const range = timeRange(params, 'dateRange');
  if (range.from) conditions.add('b.placed_at >= $?::timestamptz', range.from);
  if (range.to) conditions.add('b.placed_at <= $?::timestamptz', range.to);
  const page = pageOf(params);
  const rows = await readOrderRows(deps.sql, caller.playerId, conditions, { ...sortOf(params), ...page });
  return {
    currentOrders: rows.slice(0, page.count).map(currentOrder),
    moreAvailable: rows.length > page.count,
  };
}

/** One order in Betfair's CurrentOrder shape: exactly its keys, references only when set. */
export function currentOrder(row: OrderRow): CurrentOrderSummary {
  const sizes = orderSizes(row);
  return {
    betId: betIdOfUuid(row.id),
    marketId: bfMarketId(row.market_bf),
    selectionId: Number(row.selection_id),
    handicap: 0,
    priceSize: { price: priceOfTick(row.price_tick), size: sizeOfMinor(sizes.stake) },
    bspLiability: 0,
    side: row.side,
    status: sizes.resting ? 'EXECUTABLE' : 'EXECUTION_COMPLETE',
    persistenceType: row.persistence,
    orderType: 'LIMIT',
    placedDate: betfairDate(row.placed_at),
    ...(sizes.matched > 0n && { matchedDate: betfairDate(row.updated_at) }),
    averagePriceMatched: averagePrice(BigInt(row.matched_value), sizes.matched),
    sizeMatched: sizeOfMinor(sizes.matched),
    sizeRemaining: sizeOfMinor(sizes.remaining),
    sizeLapsed: sizeOfMinor(sizes.lapsed),
    sizeCancelled: sizeOfMinor(sizes.cancelled),
    sizeVoided: sizeOfMinor(sizes.voided),
    regulatorCode: 'BACKLAY',
    ...(row.customer_order_ref !== null && { customerOrderRef: row.customer_order_ref }),
    ...(row.customer_strategy_ref !== null && { customerStrategyRef: row.customer_strategy_ref }),
  };
}

/** The same order as listMarketBook's runners carry it (RunnerBookOrder: its own names, no ids of the market). */
export function runnerBookOrder(row: OrderRow): RunnerBookOrder {
  const order = currentOrder(row);
  const { priceSize } = order;
  return {
    betId: order.betId,
    orderType: order.orderType,
    status: order.status,
    persistenceType: order.persistenceType,
    side: order.side,
    price: priceSize.price,
    size: priceSize.size,
    bspLiability: 0,
    placedDate: order.placedDate,
    avgPriceMatched: order.averagePriceMatched,
    sizeMatched: order.sizeMatched,
    sizeRemaining: order.sizeRemaining,
    sizeLapsed: order.sizeLapsed,
    sizeCancelled: order.sizeCancelled,
    sizeVoided: order.sizeVoided,
    ...(order.customerOrderRef !== undefined && { customerOrderRef: order.customerOrderRef }),
    ...(order.customerStrategyRef !== undefined && { customerStrategyRef: order.customerStrategyRef }),
  };
}
