import { playerCashAccountId, playerHoldAccountId, type AccountId } from './accounts.ts';
import type { HoldTransferKind } from './types.ts';

/**
 * Pure planning of hold operations. Each returns the transfers to post, in leg order; leg i of the
 * operation with key K is posted with idempotency key `transferKeyFor(K, i)`. The SQL adapter calls
 * these same functions, so both implementations move exactly the same money.
 */
export interface PlannedTransfer {
  readonly debitAccountId: AccountId;
  readonly creditAccountId: AccountId;
  readonly amountMinor: bigint;
  readonly kind: HoldTransferKind;
}

/** Idempotency key of the i-th transfer an operation posts. The fixed-width suffix keeps it injective. */
export function transferKeyFor(operationKey: string, legIndex: number): string {
  return `${operationKey}#${legIndex}`;
}

function reserve(playerId: string, amountMinor: bigint): PlannedTransfer {
  return {
    debitAccountId: playerCashAccountId(playerId),
    creditAccountId: playerHoldAccountId(playerId),
    amountMinor,
    kind: 'BET_HOLD',
  };
}

function release(playerId: string, amountMinor: bigint): PlannedTransfer {
  return {
    debitAccountId: playerHoldAccountId(playerId),
    creditAccountId: playerCashAccountId(playerId),
    amountMinor,
    kind: 'BET_RELEASE',
  };
}

/** A new hold is a resize from nothing: cash → hold for the whole amount (no transfer when zero). */
export function planHoldReserve(playerId: string, amountMinor: bigint): PlannedTransfer[] {
  return planHoldResize(playerId, 0n, amountMinor);
}

/**
 * Exposure changed: move only the difference. Growing takes the delta from cash (and is refused as a
 * whole with INSUFFICIENT_FUNDS if cash lacks it); shrinking returns the delta to cash.
 */
export function planHoldResize(playerId: string, heldMinor: bigint, targetMinor: bigint): PlannedTransfer[] {
  if (targetMinor > heldMinor) return [reserve(playerId, targetMinor - heldMinor)];
  if (targetMinor < heldMinor) return [release(playerId, heldMinor - targetMinor)];
  return [];
}

/**
 * Settle a hold: `postMinor` (0 ≤ postMinor ≤ heldMinor, checked by the caller as EXCEEDS_HOLD) goes
 * from the hold to the destination as BET_SETTLE, then the remainder returns to cash as BET_RELEASE.
 * Zero-amount legs are left out.
 */
export function planHoldPost(
  playerId: string,
  heldMinor: bigint,
  postMinor: bigint,
  destinationAccountId: AccountId,
): PlannedTransfer[] {
  const legs: PlannedTransfer[] = [];
  if (postMinor > 0n) {
    legs.push({
      debitAccountId: playerHoldAccountId(playerId),
      creditAccountId: destinationAccountId,
      amountMinor: postMinor,
      kind: 'BET_SETTLE',
    });
  }
  if (heldMinor > postMinor) legs.push(release(playerId, heldMinor - postMinor));
  return legs;
}

/** Void: everything held returns to cash. */
export function planHoldVoid(playerId: string, heldMinor: bigint): PlannedTransfer[] {
  return heldMinor > 0n ? [release(playerId, heldMinor)] : [];
}
