import type { WalletCallKind } from '../state/types.ts';
import type { WalletOutcome } from './wallet-client.ts';

export type RetryPolicy = {
  /** First retry after this; each further one waits twice as long… */
  readonly baseDelayMs: number;
  /** …up to this. */
  readonly maxDelayMs: number;
  /** A win or rollback still unacknowledged this long after it was created is given up (and logged). */
  readonly maxAgeMs: number;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  maxAgeMs: 3 * 24 * 60 * 60 * 1000,
};

/** Delay before attempt `attempts + 1`, after `attempts` failed ones (attempts ≥ 1). */
export function retryDelayMs(policy: RetryPolicy, attempts: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
}

export type Verdict = 'acked' | 'rejected' | 'retry';

/**
 * What an answer means for a win or rollback. RS_OK acknowledges (a replay answers the first result, so a
 * retry after a lost answer is safe). A rollback of a bet the portal never booked has nothing to undo.
 * RS_ERROR_UNKNOWN and every transport failure may succeed later; any other refusal is final.
 */
export function verdictOf(kind: WalletCallKind, outcome: WalletOutcome): Verdict {
  if (outcome.kind === 'failure') return 'retry';
  const status = outcome.answer.status;
  if (status === 'RS_OK') return 'acked';
  if (kind === 'rollback' && status === 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST') return 'acked';
  if (status === 'RS_ERROR_UNKNOWN') return 'retry';
  return 'rejected';
}
