import type { CasinoBetStatus, CasinoWalletAnswer } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';

export type TransactionKind = 'BET' | 'WIN' | 'ROLLBACK';

export type StoredTransaction = { fingerprint: string; answer: CasinoWalletAnswer };

/** The first answer to a transaction id, if one was recorded. */
export async function findTransaction(
  sql: Sql,
  transactionId: string,
): Promise<StoredTransaction | undefined> {
  const [row] = await sql.query<StoredTransaction>(
    'SELECT fingerprint, answer FROM casino_transactions WHERE transaction_id = $1',
    [transactionId],
  );
  return row;
}

export type NewTransaction = {
  transactionId: string;
  kind: TransactionKind;
  playerId: string;
  gameId: string;
  roundId: string;
  amountMinor: bigint;
  referenceTransactionId: string | null;
  fingerprint: string;
  answer: CasinoWalletAnswer;
  ledgerTransferId: number | null;
};

/** A win's or rollback's effect on the bet it settles. */
export type BetOutcome = { betId: string; winMinor: bigint; status: CasinoBetStatus };

/**
 * Records an accepted transaction with its answer and, for a win or rollback, the bet's new outcome, in
 * one statement. A concurrent request with the same id fails here on the primary key, which rolls its
 * whole unit back; the rerun then finds this row and replays it.
 */
export async function insertTransaction(sql: Sql, row: NewTransaction, settles?: BetOutcome): Promise<void> {
  const values = [
    row.transactionId,
    row.kind,
    row.playerId,
    row.gameId,
    row.roundId,
    row.amountMinor,
    row.referenceTransactionId,
    row.fingerprint,
    JSON.stringify(row.answer),
    row.ledgerTransferId,
    row.kind === 'BET' ? 'OPEN' : null,
  ];
  const insert = `INSERT INTO casino_transactions (transaction_id, kind, player_id, game_id, round_id, amount_minor,
       reference_transaction_id, fingerprint, answer, ledger_transfer_id, bet_status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`;
  if (!settles) {
    await sql.query(insert, values);
    return;
  }
  await sql.query(
    `WITH settled AS (UPDATE casino_transactions SET win_minor = $13, bet_status = $14 WHERE transaction_id = $12)
     ${insert}`,
    [...values, settles.betId, settles.winMinor, settles.status],
  );
}

export type LockedBet = {
  playerId: string;
  gameId: string;
  roundId: string;
  ledgerTransferId: number | null;
  winMinor: bigint;
  status: CasinoBetStatus;
};

/**
 * The player's bet, locked until the unit commits: wins and rollbacks of one bet take turns here, so a
 * rollback cannot slip past a win that is committing at the same moment.
 */
export async function lockBet(sql: Sql, betId: string, playerId: string): Promise<LockedBet | undefined> {
  const [row] = await sql.query<{
    game_id: string;
    round_id: string;
    ledger_transfer_id: bigint | null;
    win_minor: bigint;
    bet_status: CasinoBetStatus;
  }>(
    `SELECT game_id, round_id, ledger_transfer_id, win_minor, bet_status FROM casino_transactions
      WHERE transaction_id = $1 AND kind = 'BET' AND player_id = $2 FOR UPDATE`,
    [betId, playerId],
  );
  if (!row) return undefined;
  return {
    playerId,
    gameId: row.game_id,
    roundId: row.round_id,
    ledgerTransferId: row.ledger_transfer_id === null ? null : Number(row.ledger_transfer_id),
    winMinor: BigInt(row.win_minor),
    status: row.bet_status,
  };
}
