import { mayGoNegative, playerHoldAccountId, type Account, type AccountId } from './accounts.ts';
import { formatMinor } from './money.ts';
import type { Hold, Transfer } from './types.ts';

/** Everything the ledger knows; the SQL adapter can load its tables into this shape to check itself. */
export interface LedgerState {
  readonly accounts: ReadonlyMap<AccountId, Account>;
  /** Stored balances (a cache of the fold of transfers, as the adapter keeps on its accounts rows). */
  readonly balancesMinor: ReadonlyMap<AccountId, bigint>;
  /** In posting order. */
  readonly transfers: readonly Transfer[];
  readonly holds: ReadonlyMap<string, Hold>;
  /**
   * How far below zero each player account may be (the server's overdraft after a re-settlement,
   * docs/decisions/0252); an account not listed may not go below zero.
   */
  readonly overdraftsMinor?: ReadonlyMap<AccountId, bigint>;
}

/** Returns every violated invariant as a sentence; an empty list means the state is sound. */
export function checkInvariants(state: LedgerState): string[] {
  return [...checkBalances(state), ...checkTransfers(state), ...checkHolds(state)];
}

function foldTransfers(state: LedgerState): Map<AccountId, bigint> {
  const folded = new Map<AccountId, bigint>([...state.accounts.keys()].map((id) => [id, 0n]));
  for (const transfer of state.transfers) {
    folded.set(transfer.debitAccountId, (folded.get(transfer.debitAccountId) ?? 0n) - transfer.amountMinor);
    folded.set(transfer.creditAccountId, (folded.get(transfer.creditAccountId) ?? 0n) + transfer.amountMinor);
  }
  return folded;
}

function checkBalances(state: LedgerState): string[] {
  const problems: string[] = [];
  const folded = foldTransfers(state);
  let sumMinor = 0n;
  for (const [accountId, balanceMinor] of state.balancesMinor) {
    sumMinor += balanceMinor;
    if (folded.get(accountId) !== balanceMinor) {
      problems.push(
        `balance of ${accountId} is ${formatMinor(balanceMinor)} but its transfers fold to ${formatMinor(folded.get(accountId) ?? 0n)}`,
      );
    }
  }
  if (sumMinor !== 0n) problems.push(`balances sum to ${formatMinor(sumMinor)}, not zero`);
  for (const [accountId, account] of state.accounts) {
    const balanceMinor = state.balancesMinor.get(accountId);
    if (balanceMinor === undefined) problems.push(`account ${accountId} has no balance`);
    else if (balanceMinor < -(state.overdraftsMinor?.get(accountId) ?? 0n) && !mayGoNegative(account.kind)) {
      problems.push(`${account.kind} account ${accountId} is negative: ${formatMinor(balanceMinor)}`);
    }
  }
  return problems;
}

function checkTransfers(state: LedgerState): string[] {
  const problems: string[] = [];
  const keys = new Set<string>();
  const byId = new Map<number, Transfer>();
  const reversed = new Set<number>();
  let previousId = 0;
  for (const transfer of state.transfers) {
    const label = `transfer ${transfer.id}`;
    if (transfer.id <= previousId) problems.push(`${label} is out of order`);
    previousId = transfer.id;
    if (transfer.amountMinor <= 0n) problems.push(`${label} has a non-positive amount`);
    if (transfer.debitAccountId === transfer.creditAccountId)
      problems.push(`${label} uses one account twice`);
    if (!state.accounts.has(transfer.debitAccountId) || !state.accounts.has(transfer.creditAccountId)) {
      problems.push(`${label} names an unknown account`);
    }
    if (keys.has(transfer.idempotencyKey)) problems.push(`${label} repeats key ${transfer.idempotencyKey}`);
    keys.add(transfer.idempotencyKey);
    if (transfer.reversesTransferId !== null) {
      const original = byId.get(transfer.reversesTransferId);
      if (reversed.has(transfer.reversesTransferId)) problems.push(`${label} reverses a transfer twice`);
      reversed.add(transfer.reversesTransferId);
      if (!isMirror(original, transfer)) problems.push(`${label} does not mirror the transfer it reverses`);
    }
    byId.set(transfer.id, transfer);
  }
  return problems;
}

function isMirror(original: Transfer | undefined, reversal: Transfer): boolean {
  return (
    original !== undefined &&
    original.holdId === null &&
    original.reversesTransferId === null &&
    reversal.kind === 'REVERSAL' &&
    reversal.debitAccountId === original.creditAccountId &&
    reversal.creditAccountId === original.debitAccountId &&
    reversal.amountMinor === original.amountMinor
  );
}

/** Each player's hold account must equal the sum of their pending holds; closed holds hold nothing. */
function checkHolds(state: LedgerState): string[] {
  const problems: string[] = [];
  const heldByAccount = new Map<AccountId, bigint>();
  for (const hold of state.holds.values()) {
    if (hold.state !== 'PENDING' && hold.heldMinor !== 0n)
      problems.push(`closed hold ${hold.holdId} still holds money`);
    if (hold.heldMinor < 0n) problems.push(`hold ${hold.holdId} is negative`);
    const accountId = playerHoldAccountId(hold.playerId);
    heldByAccount.set(accountId, (heldByAccount.get(accountId) ?? 0n) + hold.heldMinor);
  }
  for (const [accountId, account] of state.accounts) {
    if (account.kind !== 'PLAYER_HOLD') continue;
    const balanceMinor = state.balancesMinor.get(accountId) ?? 0n;
    const heldMinor = heldByAccount.get(accountId) ?? 0n;
    if (balanceMinor !== heldMinor) {
      problems.push(
        `${accountId} is ${formatMinor(balanceMinor)} but its pending holds total ${formatMinor(heldMinor)}`,
      );
    }
  }
  return problems;
}
