import { isPlayerCashAccountId, type LedgerRequest } from '@backlay/ledger';

/** A transfer of the standing settlement that a re-settlement reverses. */
export type Reversed = { debitAccountId: string; creditAccountId: string; amountMinor: bigint };

/**
 * What a re-settlement's requests do to each player's cash, in minor units: a transfer moves its
 * amount, a reversal moves its original's amount back. Hold releases only add to the cash and are
 * left out, which can only overstate what a player needs.
 */
export function cashMoves(
  requests: readonly LedgerRequest[],
  reversals: ReadonlyMap<LedgerRequest, Reversed>,
): Map<string, bigint> {
  const moves = new Map<string, bigint>();
  const add = (accountId: string, deltaMinor: bigint) => {
    if (isPlayerCashAccountId(accountId)) moves.set(accountId, (moves.get(accountId) ?? 0n) + deltaMinor);
  };
  for (const request of requests) {
    const moved =
      request.op === 'transfer'
        ? request
        : request.op === 'reverse'
          ? flip(reversals.get(request))
          : undefined;
    if (!moved) continue;
    add(moved.debitAccountId, -moved.amountMinor);
    add(moved.creditAccountId, moved.amountMinor);
  }
  return moves;
}

const flip = (reversed: Reversed | undefined): Reversed | undefined =>
  reversed && {
    debitAccountId: reversed.creditAccountId,
    creditAccountId: reversed.debitAccountId,
    amountMinor: reversed.amountMinor,
  };
