import type { JsonValue } from '../api-ng/json.ts';
import { ApiNgError, type ApiNgParams } from '../api-ng/operation.ts';
import { parseBfMarketId, parseBfNumber, uuidOfBetId } from '../ids.ts';
import type { OrderConditions } from './order-rows.ts';

/** Betfair's most records per page of orders. */
export const MAX_RECORDS = 1000;
/** Far past any player's orders, and within what the database's OFFSET takes. */
const MAX_FROM_RECORD = 10_000_000;

const bad = (message: string) => new ApiNgError('INVALID_INPUT_DATA', message);

/** A list param of strings (or numbers, for ids), or undefined when absent. */
function listOf(params: ApiNgParams, name: string): readonly JsonValue[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw bad(`${name} must be a list.`);
  return value;
}

/** `fromRecord` and `recordCount` (0 or absent: the most, 1000). */
export function pageOf(params: ApiNgParams): { from: number; count: number } {
  const from = params.fromRecord ?? 0;
  const count = params.recordCount ?? 0;
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 0 || from > MAX_FROM_RECORD)
    throw bad(`fromRecord must be 0 to ${MAX_FROM_RECORD}.`);
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0)
    throw bad('recordCount must be 0 or more.');
  if (count > MAX_RECORDS) throw bad(`recordCount is at most ${MAX_RECORDS}.`);
  return { from, count: count === 0 ? MAX_RECORDS : count };
}

/** Filters shared by current and cleared orders, added to `conditions`. */
export function addCommonFilters(params: ApiNgParams, conditions: OrderConditions): void {
  const betIds = listOf(params, 'betIds');
  if (betIds)
    conditions.add(
      'b.id = ANY($?::text[])',
      betIds.map((id) => uuidOfBetId(String(id)) ?? ''),
    );
  const marketIds = listOf(params, 'marketIds');
  if (marketIds)
    conditions.add(
      'm.bf_id = ANY($?::bigint[])',
      marketIds.map((id) => String(parseBfMarketId(id) ?? -1)),
    );
  const orderRefs = listOf(params, 'customerOrderRefs');
  if (orderRefs) conditions.add('o.customer_order_ref = ANY($?::text[])', orderRefs.map(String));
  const strategyRefs = listOf(params, 'customerStrategyRefs');
  if (strategyRefs) conditions.add('o.customer_strategy_ref = ANY($?::text[])', strategyRefs.map(String));
}

/** Betfair digit-string ids of a list param (eventTypeIds, eventIds, runnerIds) as bigint texts. */
export function numberList(params: ApiNgParams, name: string): string[] | undefined {
  return listOf(params, name)?.map((id) => String(parseBfNumber(id) ?? -1));
}

/** A `{from, to}` time range param as ISO texts (either may be absent). */
export function timeRange(params: ApiNgParams, name: string): { from?: string; to?: string } {
  const range = params[name];
  if (range === undefined) return {};
  if (typeof range !== 'object' || range === null) throw bad(`${name} must be {from, to}.`);
  const { from, to } = range as { from?: unknown; to?: unknown };
  return {
    ...(from !== undefined && { from: instant(from, name) }),
    ...(to !== undefined && { to: instant(to, name) }),
  };
}

function instant(value: unknown, name: string): string {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) throw bad(`${name} needs ISO 8601 times.`);
  return new Date(ms).toISOString();
}

export function sortOf(params: ApiNgParams): { orderBy: string; descending: boolean } {
  const orderBy = params.orderBy ?? 'BY_BET';
  const sortDir = params.sortDir ?? 'EARLIEST_TO_LATEST';
  if (typeof orderBy !== 'string') throw bad('orderBy must be an OrderBy.');
  if (sortDir !== 'EARLIEST_TO_LATEST' && sortDir !== 'LATEST_TO_EARLIEST')
    throw bad('sortDir must be a SortDir.');
  return { orderBy, descending: sortDir === 'LATEST_TO_EARLIEST' };
}
