import { isValidTick } from './ladder.ts';
import { MAX_ID_LENGTH, MAX_ORDER_SIZE_MINOR, MAX_STAKE_MINOR } from './limits.ts';
import { err, type Err } from './result.ts';
import type { PlaceOrderInput } from './types.ts';

function isValidId(id: unknown): boolean {
  return typeof id === 'string' && id.length > 0 && id.length <= MAX_ID_LENGTH;
}

/** A positive integer number no larger than the book's bound; anything else is a typed rejection. */
export function checkSizeMinor(sizeMinor: unknown): Err | null {
  if (typeof sizeMinor !== 'number' || !Number.isInteger(sizeMinor) || sizeMinor <= 0)
    return err('INVALID_SIZE');
  if (sizeMinor > MAX_ORDER_SIZE_MINOR) return err('SIZE_TOO_LARGE');
  return null;
}

/** House-priced stakes are bigint money; same bound as an order. */
export function checkStakeMinor(stakeMinor: unknown): Err | null {
  if (typeof stakeMinor !== 'bigint' || stakeMinor <= 0n) return err('INVALID_SIZE');
  if (stakeMinor > MAX_STAKE_MINOR) return err('SIZE_TOO_LARGE');
  return null;
}

/** Input checks shared by the fast engine and the reference so both reject identically. */
export function checkPlaceInput(input: PlaceOrderInput, runnerCount: number): Err | null {
  if (!isValidId(input.orderId)) return err('INVALID_ORDER_ID');
  if (!isValidId(input.accountId)) return err('INVALID_ACCOUNT_ID');
  const runnerIndex: unknown = input.runnerIndex;
  if (!Number.isInteger(runnerIndex) || input.runnerIndex < 0 || input.runnerIndex >= runnerCount) {
    return err('UNKNOWN_RUNNER');
  }
  if (input.side !== 'BACK' && input.side !== 'LAY') return err('INVALID_ARGUMENT');
  const timeInForce = input.timeInForce ?? 'GTC';
  if (timeInForce !== 'GTC' && timeInForce !== 'IOC' && timeInForce !== 'FOK') return err('INVALID_ARGUMENT');
  const persistence = input.persistence ?? 'LAPSE';
  if (persistence !== 'LAPSE' && persistence !== 'PERSIST') return err('INVALID_ARGUMENT');
  if (!isValidTick(input.priceTick)) return err('OFF_LADDER');
  return checkSizeMinor(input.sizeMinor) ?? checkMinFill(input, timeInForce);
}

/** A minimum fill belongs to a fill or kill order and lies within 1..sizeMinor. */
function checkMinFill(input: PlaceOrderInput, timeInForce: string): Err | null {
  const minFill: unknown = input.minFillMinor;
  if (minFill === undefined) return null;
  if (timeInForce !== 'FOK') return err('INVALID_ARGUMENT');
  if (typeof minFill !== 'number' || !Number.isInteger(minFill) || minFill <= 0 || minFill > input.sizeMinor)
    return err('INVALID_SIZE');
  return null;
}

/** A partial cancel must take away at least one minor unit; more than remains cancels it all. */
export function checkReduceBy(reduceByMinor: unknown): Err | null {
  if (reduceByMinor === undefined) return null;
  if (typeof reduceByMinor !== 'number' || !Number.isInteger(reduceByMinor) || reduceByMinor <= 0) {
    return err('INVALID_SIZE');
  }
  return null;
}
