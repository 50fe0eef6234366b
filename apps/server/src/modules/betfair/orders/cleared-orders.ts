import { ApiNgError, type ApiNgCaller, type ApiNgParams } from '../api-ng/operation.ts';
import { betIdOfUuid, bfMarketId } from '../ids.ts';
import { averagePrice, betfairDate, priceOfTick, sizeOfMinor } from './amounts.ts';
import { GROUP_BY, rollUpCleared, type GroupBy, type RollUpLevel } from './cleared-groups.ts';
import type { OrderDeps } from './deps.ts';
import { addCommonFilters, numberList, pageOf, sortOf, timeRange } from './list-params.ts';
import { OrderConditions, readOrderRows, type OrderRow } from './order-rows.ts';
import type { ClearedOrderSummary, ClearedOrderSummaryReport, ItemDescription } from './order-shapes.ts';

/** Betfair's betStatus and the bets it covers. */
const STATUSES: Readonly<Record<string, string>> = {
  SETTLED: `b.status = 'SETTLED'`,
  VOIDED: `b.status = 'VOID'`,
  LAPSED: `b.status = 'LAPSED'`,
  CANCELLED: `b.status = 'CANCELLED'`,
};

/** The most bets one grouped listClearedOrders sums. */
export const MAX_ROLLED_UP_BETS = 50_000;

/** listClearedOrders: settled, voided, lapsed or cancelled bets, one record per bet or grouped above BET. */
export async function listClearedOrders(
  deps: OrderDeps,
  caller: ApiNgCaller,
  params: ApiNgParams,
): Promise<ClearedOrderSummaryReport> {
  const status = STATUSES[String(params.betStatus)];
  if (!status)
    throw new ApiNgError('INVALID_INPUT_DATA', 'betStatus must be SETTLED, VOIDED, LAPSED or CANCELLED.');
  const groupBy = readGroupBy(params.groupBy);
  const conditions = new OrderConditions().raw(status);
  addCommonFilters(params, conditions);
  const eventTypes = numberList(params, 'eventTypeIds');
  if (eventTypes) conditions.add('s.bf_id = ANY($?::bigint[])', eventTypes);
  const events = numberList(params, 'eventIds');
  if (events) conditions.add('e.bf_id = ANY($?::bigint[])', events);
  const runners = numberList(params, 'runnerIds');
  if (runners) conditions.add('r.bf_id = ANY($?::bigint[])', runners);
  if (params.side !== undefined) conditions.add('b.side = $?', String(params.side));
  const settled = timeRange(params, 'settledDateRange');
  const settledAt = 'coalesce(ms.settled_at, b.updated_at)';
  if (settled.from) conditions.add(`${settledAt} >= $?::timestamptz`, settled.from);
  if (settled.to) conditions.add(`${settledAt} <= $?::timestamptz`, settled.to);
  const page = pageOf(params);
  const sort = sortOf({ orderBy: 'BY_SETTLED_TIME', ...params });
  const described = params.includeItemDescription === true;
  if (groupBy !== 'BET') return rolledUp(deps, caller, conditions, sort, page, groupBy, described);
  const rows = await readOrderRows(deps.sql, caller.playerId, conditions, { ...sort, ...page });
  return {
    clearedOrders: rows.slice(0, page.count).map((row) => clearedOrder(row, described)),
    moreAvailable: rows.length > page.count,
  };
}

/** `groupBy`: BET when absent, else one of Betfair's GroupBy values. */
function readGroupBy(value: unknown): GroupBy {
  if (value === undefined) return 'BET';
  if (typeof value !== 'string' || !(GROUP_BY as readonly string[]).includes(value))
    throw new ApiNgError('INVALID_INPUT_DATA', `groupBy must be one of ${GROUP_BY.join(', ')}.`);
  return value as GroupBy;
}

/**
 * A roll-up reads every bet the filters select (at most MAX_ROLLED_UP_BETS, else TOO_MUCH_DATA, so a
 * group is never summed from part of its bets), groups them, and pages the groups.
 */
async function rolledUp(
  deps: OrderDeps,
  caller: ApiNgCaller,
  conditions: OrderConditions,
  sort: { orderBy: string; descending: boolean },
  page: { from: number; count: number },
  level: RollUpLevel,
  described: boolean,
): Promise<ClearedOrderSummaryReport> {
  const rows = await readOrderRows(deps.sql, caller.playerId, conditions, {
    ...sort,
    from: 0,
    count: MAX_ROLLED_UP_BETS,
  });
  if (rows.length > MAX_ROLLED_UP_BETS)
    throw new ApiNgError(
      'TOO_MUCH_DATA',
      `A roll-up sums at most ${MAX_ROLLED_UP_BETS} bets; narrow the settledDateRange or the markets.`,
    );
  const groups = rollUpCleared(rows, level, described);
  return {
    clearedOrders: groups.slice(page.from, page.from + page.count),
    moreAvailable: groups.length > page.from + page.count,
  };
}

function clearedOrder(row: OrderRow, described: boolean): ClearedOrderSummary {
  const matched = BigInt(row.matched_minor);
  const profit = row.profit_minor === null ? 0n : BigInt(row.profit_minor);
  const settled = row.status === 'SETTLED';
  return {
    eventTypeId: row.event_type_bf,
    eventId: row.event_bf,
    marketId: bfMarketId(row.market_bf),
    selectionId: Number(row.selection_id),
    handicap: 0,
    betId: betIdOfUuid(row.id),
    placedDate: betfairDate(row.placed_at),
    persistenceType: row.persistence,
    orderType: 'LIMIT',
    side: row.side,
    ...(described && { itemDescription: itemDescription(row) }),
    ...(settled && { betOutcome: profit > 0n ? 'WON' : 'LOST' }),
    priceRequested: priceOfTick(row.price_tick),
    settledDate: betfairDate(row.settled_at ?? row.updated_at),
    ...(matched > 0n && { lastMatchedDate: betfairDate(row.updated_at) }),
    betCount: 1,
    priceMatched: averagePrice(BigInt(row.matched_value), matched),
    priceReduced: false,
    sizeSettled: sizeOfMinor(settled ? matched : 0n),
    profit: sizeOfMinor(profit),
    sizeCancelled: sizeOfMinor(BigInt(row.cancelled_minor)),
    ...(row.customer_order_ref !== null && { customerOrderRef: row.customer_order_ref }),
    ...(row.customer_strategy_ref !== null && { customerStrategyRef: row.customer_strategy_ref }),
  };
}

function itemDescription(row: OrderRow): ItemDescription {
  return {
    eventTypeDesc: row.sport_name,
    eventDesc: row.event_name,
    marketDesc: row.market_name,
    marketType: row.market_type,
    marketStartTime: betfairDate(row.start_time),
    runnerDesc: row.runner_name,
    numberOfWinners: 1,
  };
}
