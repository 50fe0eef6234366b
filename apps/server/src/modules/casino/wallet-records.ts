import { createHash } from 'node:crypto';
import type { CasinoWalletAnswer } from '@backlay/contracts';
import type { CasinoSession } from './sessions-repo.ts';
import type { LockedBet, TransactionKind } from './wallet-repo.ts';
import type { Callback } from './wallet-request.ts';

/** How a money callback becomes a ledger movement, a stored row and a bet outcome. */

export type MoneyCallback = Exclude<Callback, { kind: 'balance' }>;

/** What makes two requests with one transaction id the same request (the timestamp does not). */
export function fingerprintOf(kind: TransactionKind, playerId: string, callback: MoneyCallback): string {
  const { body } = callback;
  const reference = 'referenceTransactionId' in body ? body.referenceTransactionId : '';
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

export function rowOf(
  kind: TransactionKind,
  session: CasinoSession,
  callback: MoneyCallback,
  fingerprint: string,
  answer: CasinoWalletAnswer,
) {
  return {
    transactionId: callback.body.transactionId,
    kind,
    playerId: session.playerId,
    gameId: session.gameId,
    roundId: callback.body.roundId,
    amountMinor: callback.amountMinor,
    referenceTransactionId: null,
    fingerprint,
    answer,
  };
}
