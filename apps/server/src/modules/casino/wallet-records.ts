import { createHash } from 'node:crypto';
import { CASINO_CURRENCY, type CasinoWalletAnswer, type CasinoWalletStatus } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { CasinoSession } from './sessions-repo.ts';
import type { LockedBet, NewTransaction, TransactionKind } from './wallet-repo.ts';
import type { Callback } from './wallet-request.ts';

/** How a money callback becomes a ledger movement, a stored row and a bet outcome. */

export type MoneyCallback = Exclude<Callback, { kind: 'balance' }>;

/**
 * The answer to a callback. The balance is what the player can stake: cash below zero (a market
 * re-settled after the winnings were spent, docs/decisions/0252) is answered as 0.00, the amount the
 * provider already knows as "nothing to play with".
 */
export const answerOf = (status: CasinoWalletStatus, cashMinor: bigint): CasinoWalletAnswer => ({
  status,
  balance: formatMinor(cashMinor < 0n ? 0n : cashMinor),
  currency: CASINO_CURRENCY,
});

export const kindOf = (callback: MoneyCallback): TransactionKind =>
  callback.kind === 'bet' ? 'BET' : callback.kind === 'win' ? 'WIN' : 'ROLLBACK';

/** The bet a win or rollback settles; null for a bet. */
export const settledBetId = (callback: MoneyCallback): string | null =>
  callback.kind === 'bet' ? null : callback.body.referenceTransactionId;

/** What makes two requests with one transaction id the same request (the timestamp does not). */
export function fingerprintOf(kind: TransactionKind, playerId: string, callback: MoneyCallback): string {
  const { body } = callback;
  const reference = settledBetId(callback) ?? '';
  const fields = [
    kind,
    playerId,
    String(body.gameId),
    body.roundId,
    callback.amountMinor.toString(),
    reference,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

export function movementOf(bet: LockedBet, callback: MoneyCallback) {
  const { playerId, gameId, roundId } = bet;
  return {
    playerId,
    gameId,
    roundId,
    transactionId: callback.body.transactionId,
    amountMinor: callback.amountMinor,
  };
}

export function outcomeAfter(kind: TransactionKind, bet: LockedBet, amountMinor: bigint) {
  if (kind === 'ROLLBACK') return { winMinor: 0n, status: 'ROLLED_BACK' as const };
  const winMinor = bet.winMinor + amountMinor;
  return { winMinor, status: winMinor > 0n ? ('WON' as const) : ('LOST' as const) };
}

/** The row an accepted callback records, short of its answer and its ledger transfer. */
export function rowOf(
  kind: TransactionKind,
  session: CasinoSession,
  callback: MoneyCallback,
  fingerprint: string,
): Omit<NewTransaction, 'answer' | 'ledgerTransferId'> {
  const { body } = callback;
  return {
    transactionId: body.transactionId,
    kind,
    playerId: session.playerId,
    gameId: session.gameId,
    roundId: body.roundId,
    amountMinor: callback.amountMinor,
    referenceTransactionId: settledBetId(callback),
    fingerprint,
  };
}
