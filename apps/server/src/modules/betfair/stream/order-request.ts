import { isJsonObject, type JsonValue } from '../api-ng/json.ts';
import { accountIdOfPlayer } from '../ids.ts';
import { readClocks } from './clocks.ts';
import { StreamFailure, type StreamRequest } from './protocol.ts';

/**
 * An orderSubscription's `orderFilter` (docs/decisions/0273): `customerStrategyRefs` keeps the orders
 * placed with those references, `partitionMatchedByStrategyRef` adds each runner's matches by strategy
 * (`smc`), `includeOverallPosition` false leaves out the overall `mb`/`ml`, and `accountIds` naming
 * anyone but the caller selects no orders at all.
 */
export type OrderFilter = {
  strategyRefs: ReadonlySet<string> | undefined;
  partitionByStrategy: boolean;
  overallPosition: boolean;
  /** False when `accountIds` leaves out the caller's own account. */
  ownAccount: boolean;
};

export const ALL_ORDERS: OrderFilter = {
  strategyRefs: undefined,
  partitionByStrategy: false,
  overallPosition: true,
  ownAccount: true,
};

const bad = (message: string) => new StreamFailure('INVALID_INPUT', message);

function flag(value: JsonValue | undefined, name: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw bad(`orderFilter.${name} must be true or false.`);
  return value;
}

function list(value: JsonValue | undefined, name: string, item: (one: JsonValue) => boolean) {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every(item)) throw bad(`orderFilter.${name} is not a list of its ids.`);
  return value;
}

/**
 * An orderSubscription's own fields, checked as Betfair checks them: `orderFilter` absent, null or an
 * object of its fields; the clocks absent, null or this stream's. Each answers INVALID_INPUT and keeps
 * the connection, as a bad marketSubscription does.
 */
export function readOrderSubscription(request: StreamRequest, playerId: string): OrderFilter {
  const filter = request.orderFilter;
  readClocks(request);
  if (filter === undefined || filter === null) return ALL_ORDERS;
  if (!isJsonObject(filter)) throw bad('orderFilter must be an object.');
  const refs = list(filter.customerStrategyRefs, 'customerStrategyRefs', (one) => typeof one === 'string');
  const accounts = list(filter.accountIds, 'accountIds', (one) => Number.isSafeInteger(one));
  return {
    strategyRefs: refs && new Set(refs as string[]),
    partitionByStrategy: flag(filter.partitionMatchedByStrategyRef, 'partitionMatchedByStrategyRef', false),
    overallPosition: flag(filter.includeOverallPosition, 'includeOverallPosition', true),
    ownAccount: !accounts || accounts.includes(accountIdOfPlayer(playerId)),
  };
}
