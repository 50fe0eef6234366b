import type { AmountInput, StakeLimitsBody } from '@backlay/contracts';
import { MAX_STAKE_MINOR } from '@backlay/exchange';
import { formatMinor, parseAmountMinor } from '@backlay/ledger';
import { ok, reject, type Rejection, type Result } from '../../platform/rejections.ts';
import { termsFor } from '../sports/index.ts';
import { betError } from './errors.ts';
import type { MarketInfo } from './types.ts';

/** A market's smallest and largest stake of one bet (docs/decisions/0227). */
export type StakeLimits = { minStakeMinor: bigint; maxStakeMinor: bigint };

/** An operator's market gets the exchange terms of the feed's markets unless the operator says otherwise. */
const exchangeTerms = termsFor({ pricing: 'EXCHANGE' });
export const DEFAULT_STAKE_LIMITS: StakeLimits = {
  minStakeMinor: exchangeTerms.minStakeMinor,
  maxStakeMinor: exchangeTerms.maxStakeMinor,
};

const invalidLimits = (message: string): Rejection => reject('invalid', 'INVALID_STAKE_LIMITS', message);

/**
 * The limits after the operator's change: each one sent replaces the current one, and together they must
 * still make a range (0.01 ≤ minimum ≤ maximum ≤ the engine's largest order).
 */
export function stakeLimitsFrom(input: StakeLimitsBody, current: StakeLimits): Result<StakeLimits> {
  const min = limitOf('minStake', input.minStake, current.minStakeMinor);
  if (!min.ok) return min;
  const max = limitOf('maxStake', input.maxStake, current.maxStakeMinor);
  if (!max.ok) return max;
  if (min.value > max.value)
    return invalidLimits(
      `The minimum stake (${formatMinor(min.value)}) must not be above the maximum (${formatMinor(max.value)}).`,
    );
  return ok({ minStakeMinor: min.value, maxStakeMinor: max.value });
}

function limitOf(field: string, input: AmountInput | undefined, currentMinor: bigint): Result<bigint> {
  if (input === undefined) return ok(currentMinor);
  const parsed = parseAmountMinor(input, { maxMinor: MAX_STAKE_MINOR });
  return parsed.ok ? ok(parsed.amountMinor) : invalidLimits(`${field}: ${parsed.message}`);
}

/** A stake outside the market's limits, refused with the limit in the message; null when inside. */
export function stakeLimitRefusal(
  info: Pick<MarketInfo, 'name' | 'minStakeMinor' | 'maxStakeMinor'>,
  stakeMinor: bigint,
  minimumApplies: boolean,
): Rejection | null {
  if (minimumApplies && stakeMinor < info.minStakeMinor)
    return betError(
      'STAKE_TOO_SMALL',
      `The minimum stake on ${info.name} is ${formatMinor(info.minStakeMinor)}.`,
    );
  if (stakeMinor > info.maxStakeMinor)
    return betError(
      'STAKE_TOO_LARGE',
      `The maximum stake on ${info.name} is ${formatMinor(info.maxStakeMinor)}.`,
    );
  return null;
}
