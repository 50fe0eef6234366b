import { playerCashAccountId, type TransferRequest } from '@backlay/ledger';
import type { BatchState, Decision } from './wallet-decide.ts';

/** A money-moving callback of a pass as foreseen: its transfer and its player's cash after it. */
export type Foreseen = {
  at: number;
  playerId: string;
  transfer: TransferRequest;
  deltaMinor: bigint;
  cashAfterMinor: bigint;
};

/**
 * The movements of a pass foreseen from the cash the batch read (docs/decisions/0200): each accepted
 * callback's transfer applied in order to its player's cash. Null when the pass cannot be foreseen:
 * it defers a callback, reverses a transfer, or a bet would overdraw (the ledger would refuse it).
 */
export function foreseePass(state: BatchState, decisions: readonly Decision[]): Foreseen[] | null {
  const cash = new Map(state.cash);
  const foreseen: Foreseen[] = [];
  for (const [at, decision] of decisions.entries()) {
    if (decision.type === 'defer') return null;
    if (decision.type !== 'accept' || !decision.ledger) continue;
    const { ledger: transfer, playerId } = decision;
    if (transfer.op !== 'transfer') return null;
    const deltaMinor = cashDelta(transfer, playerCashAccountId(playerId));
    const before = cash.get(playerId);
    if (deltaMinor === null || before === undefined || before + deltaMinor < 0n) return null;
    const cashAfterMinor = before + deltaMinor;
    cash.set(playerId, cashAfterMinor);
    foreseen.push({ at, playerId, transfer, deltaMinor, cashAfterMinor });
  }
  return foreseen;
}

/** What the transfer does to the cash account; null when it moves money between other accounts. */
function cashDelta(transfer: TransferRequest, cashAccount: string): bigint | null {
  if (transfer.creditAccountId === cashAccount) return transfer.amountMinor;
  if (transfer.debitAccountId === cashAccount) return -transfer.amountMinor;
  return null;
}
