import { tickOf } from '../../exchange/index.ts';
import { parseBfMarketId, parseBfNumber, uuidOfBetId } from '../ids.ts';
import { isJsonObject, type JsonObject } from '../api-ng/json.ts';
import { ApiNgError, type ApiNgParams } from '../api-ng/operation.ts';
import { minorOfSize } from './amounts.ts';
import type { Echo, PlaceInstructionEcho } from './reports.ts';

/**
 * The order operations' params read as Betfair defines them. What is malformed as a whole (no marketId,
 * instructions that are not a list) is INVALID_INPUT_DATA; what is wrong in one instruction is that
 * instruction's error code, reported in its place.
 */

/** Betfair's limits on instructions per call. */
export const MAX_INSTRUCTIONS = { place: 200, cancel: 60, replace: 60, update: 60 } as const;
const REF = /^[A-Za-z0-9:\-._+*;~ ]{1,32}$/;
const STRATEGY_REF = /^[A-Za-z0-9:\-._+*;~ ]{1,15}$/;

/** The request's market id in Betfair's form (`1.<n>`); INVALID_INPUT_DATA when malformed. */
export function marketIdParam(params: ApiNgParams, required: boolean): string | undefined {
  const marketId = params.marketId;
  if (marketId === undefined && !required) return undefined;
  if (typeof marketId !== 'string' || parseBfMarketId(marketId) === null)
    throw new ApiNgError('INVALID_INPUT_DATA', 'marketId must be a market id such as "1.123".');
  return marketId;
}

/**
 * The instruction list, each an object; null when there are more than Betfair takes for the operation
 * (the order then fails with TOO_MANY_INSTRUCTIONS).
 */
export function instructionsParam(
  params: ApiNgParams,
  max: number,
  required: boolean,
): readonly JsonObject[] | null {
  const list = params.instructions;
  if (list === undefined && !required) return [];
  if (!Array.isArray(list) || (required && list.length === 0) || !list.every(isJsonObject))
    throw new ApiNgError('INVALID_INPUT_DATA', 'instructions must be a list of instruction objects.');
  return list.length > max ? null : list;
}

/** `customerRef`, echoed; INVALID_INPUT_DATA when it breaks Betfair's rule (1–32 of its characters). */
export function customerRefParam(params: ApiNgParams): string | undefined {
  const ref = params.customerRef;
  if (ref === undefined) return undefined;
  if (typeof ref !== 'string' || !REF.test(ref))
    throw new ApiNgError(
      'INVALID_INPUT_DATA',
      'customerRef must be 1 to 32 letters, digits or : - . _ + * ; ~',
    );
  return ref;
}

export type PlaceIntent = {
  selectionId: bigint;
  side: 'BACK' | 'LAY';
  price: number;
  sizeMinor: bigint;
  persistence: 'LAPSE' | 'PERSIST';
  /** FILL_OR_KILL: the least to match at once (the size unless minFillSize says less). */
  minFillMinor: bigint | null;
  customerOrderRef: string | null;
};

/** A place instruction, or the Betfair error code that fails it. */
export function readPlaceInstruction(instruction: JsonObject): PlaceIntent | { error: string } {
  const orderType = instruction.orderType;
  if (orderType === 'LIMIT_ON_CLOSE' || orderType === 'MARKET_ON_CLOSE')
    return { error: 'MARKET_NOT_OPEN_FOR_BSP_BETTING' };
  if (orderType !== 'LIMIT') return { error: 'INVALID_ORDER_TYPE' };
  const side = instruction.side;
  if (side !== 'BACK' && side !== 'LAY') return { error: 'INVALID_BID_TYPE' };
  const selectionId = parseBfNumber(instruction.selectionId);
  if (selectionId === null) return { error: 'INVALID_RUNNER' };
  const order = instruction.limitOrder;
  if (!isJsonObject(order)) return { error: 'INVALID_ORDER_TYPE' };
  const ref = instruction.customerOrderRef;
  if (ref !== undefined && (typeof ref !== 'string' || !REF.test(ref)))
    return { error: 'INVALID_CUSTOMER_ORDER_REF' };
  const terms = readLimitOrder(order);
  if ('error' in terms) return terms;
  return { selectionId, side, ...terms, customerOrderRef: (ref as string | undefined) ?? null };
}

function readLimitOrder(
  order: JsonObject,
): Pick<PlaceIntent, 'price' | 'sizeMinor' | 'persistence' | 'minFillMinor'> | { error: string } {
  if (order.betTargetType !== undefined) return { error: 'INVALID_BET_SIZE' };
  const sizeMinor = minorOfSize(order.size);
  if (sizeMinor === null) return { error: 'INVALID_BET_SIZE' };
  if (typeof order.price !== 'number' || tickOf(order.price) === null) return { error: 'INVALID_ODDS' };
  const fillOrKill = order.timeInForce === 'FILL_OR_KILL';
  if (order.timeInForce !== undefined && !fillOrKill) return { error: 'INVALID_TIME_IN_FORCE' };
  if (!fillOrKill && order.minFillSize !== undefined) return { error: 'UNEXPECTED_MIN_FILL_SIZE' };
  const persistence = order.persistenceType;
  // A fill or kill order never rests, so it has nothing to do at the off.
  if (fillOrKill && persistence !== undefined && persistence !== 'LAPSE')
    return { error: 'TIME_IN_FORCE_CONFLICT' };
  if (!fillOrKill && persistence !== 'LAPSE' && persistence !== 'PERSIST')
    return {
      error:
        persistence === 'MARKET_ON_CLOSE' ? 'MARKET_NOT_OPEN_FOR_BSP_BETTING' : 'INVALID_PERSISTENCE_TYPE',
    };
  let minFillMinor: bigint | null = null;
  if (fillOrKill) {
    minFillMinor = order.minFillSize === undefined ? sizeMinor : minorOfSize(order.minFillSize);
    if (minFillMinor === null || minFillMinor > sizeMinor) return { error: 'INVALID_MIN_FILL_SIZE' };
  }
  return {
    price: order.price,
    sizeMinor,
    persistence: persistence === 'PERSIST' ? 'PERSIST' : 'LAPSE',
    minFillMinor,
  };
}

/** The echo of a place instruction: only the keys Betfair's PlaceInstruction has. */
export function placeInstructionEcho(instruction: JsonObject): PlaceInstructionEcho {
  const echo: PlaceInstructionEcho = pick(instruction, [
    'selectionId',
    'handicap',
    'side',
    'orderType',
    'customerOrderRef',
  ]);
  if (isJsonObject(instruction.limitOrder))
    echo.limitOrder = pick(instruction.limitOrder, [
      'size',
      'price',
      'persistenceType',
      'timeInForce',
      'minFillSize',
      'betTargetType',
      'betTargetSize',
    ]);
  return echo;
}

/** A bet id of the caller's instruction: our UUID, or null when it cannot name one of our bets. */
export function betOfInstruction(instruction: JsonObject): string | null {
  return uuidOfBetId(instruction.betId);
}

/** `customerStrategyRef`: 1–15 characters, kept with each bet and echoed on orders. */
export function strategyRefParam(params: ApiNgParams): string | null | { error: string } {
  const ref = params.customerStrategyRef;
  if (ref === undefined) return null;
  return typeof ref === 'string' && STRATEGY_REF.test(ref) ? ref : { error: 'INVALID_CUSTOMER_STRATEGY_REF' };
}

/** The keys an echo repeats, those the client sent. */
export function pick<Key extends string>(source: JsonObject, keys: readonly Key[]): Echo<Key> {
  const out: Echo<Key> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}
