import type { AccountId } from './accounts.ts';
import type { Transfer } from './types.ts';

/** Effect of a transfer on one account's balance: + when credited, − when debited, 0 if not involved. */
export function signedAmountFor(transfer: Transfer, accountId: AccountId): bigint {
  if (transfer.creditAccountId === accountId) return transfer.amountMinor;
  if (transfer.debitAccountId === accountId) return -transfer.amountMinor;
  return 0n;
}

/**
 * Balance after each statement row ("Pts"). Rows are newest first; `balanceAfterNewestMinor` is the
 * balance right after the first row (the current balance minus every newer movement not on this page),
 * which is what keeps running balances correct across pages.
 */
export function runningBalances(
  signedAmountsNewestFirstMinor: readonly bigint[],
  balanceAfterNewestMinor: bigint,
): bigint[] {
  const balancesMinor: bigint[] = [];
  let balanceMinor = balanceAfterNewestMinor;
  for (const signedAmountMinor of signedAmountsNewestFirstMinor) {
    balancesMinor.push(balanceMinor);
    balanceMinor -= signedAmountMinor;
  }
  return balancesMinor;
}
