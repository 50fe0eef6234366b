import { findGame } from '@backlay/catalogue';
import { SYSTEM_ACCOUNT_IDS, playerCashAccountId, type LedgerRequest } from '@backlay/ledger';

/**
 * The ledger side of the casino wallet: which transfer each callback posts, under which key, and how the
 * player reads it on the Account Statement. References start with `casino:` so the statement files
 * them under Casino; remarks name the game and the round.
 */

/** One ledger key per aggregator transaction id: a second attempt can never post twice. */
export const ledgerKeyOf = (transactionId: string) => `casino-wallet:${transactionId}`;

export const referenceOf = (gameId: string, roundId: string) => `casino:${gameId}:${roundId}`;

export const gameNameOf = (gameId: string) => findGame(gameId)?.name ?? gameId;

export const remarkOf = (gameId: string, roundId: string, what: string) =>
  `${gameNameOf(gameId)} · round ${roundId}: ${what}`;

type Movement = {
  playerId: string;
  gameId: string;
  roundId: string;
  transactionId: string;
  amountMinor: bigint;
};

export function betTransfer(move: Movement): LedgerRequest {
  return {
    op: 'transfer',
    idempotencyKey: ledgerKeyOf(move.transactionId),
    debitAccountId: playerCashAccountId(move.playerId),
    creditAccountId: SYSTEM_ACCOUNT_IDS.CASINO_CLEARING,
    amountMinor: move.amountMinor,
    kind: 'CASINO_BET',
    remark: remarkOf(move.gameId, move.roundId, 'bet'),
    reference: referenceOf(move.gameId, move.roundId),
  };
}

export function winTransfer(move: Movement): LedgerRequest {
  return {
    op: 'transfer',
    idempotencyKey: ledgerKeyOf(move.transactionId),
    debitAccountId: SYSTEM_ACCOUNT_IDS.CASINO_CLEARING,
    creditAccountId: playerCashAccountId(move.playerId),
    amountMinor: move.amountMinor,
    kind: 'CASINO_WIN',
    remark: remarkOf(move.gameId, move.roundId, 'win'),
    reference: referenceOf(move.gameId, move.roundId),
  };
}

export function betReversal(input: {
  transactionId: string;
  betTransferId: number;
  gameId: string;
  roundId: string;
}): LedgerRequest {
  return {
    op: 'reverse',
    idempotencyKey: ledgerKeyOf(input.transactionId),
    transferId: input.betTransferId,
    remark: remarkOf(input.gameId, input.roundId, 'bet rolled back'),
  };
}
