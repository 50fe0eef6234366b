import type { CasinoBetStatus, CasinoWalletAnswer } from '@backlay/contracts';
import { playerCashAccountId, playerCashAccountIdSql } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { authTables } from '../auth/index.ts';
import { walletTables, type LedgerCall, type LedgerCallRow } from '../wallet/index.ts';
import type { LedgerOutcome } from './wallet-cash.ts';
import { SESSION_COLUMNS, sessionOf, type CasinoSession, type SessionRow } from './sessions-repo.ts';

/** The casino wallet's reads and writes: one statement each for a whole batch of callbacks. */

export type TransactionKind = 'BET' | 'WIN' | 'ROLLBACK';

export type StoredTransaction = { fingerprint: string; answer: CasinoWalletAnswer };

/** The first answers recorded for these transaction ids, by id (ids never seen are absent). */
export async function findTransactions(
  sql: Sql,
  transactionIds: readonly string[],
): Promise<Map<string, StoredTransaction>> {
  const rows = await sql.query<StoredTransaction & { transaction_id: string }>(
    'SELECT transaction_id, fingerprint, answer FROM casino_transactions WHERE transaction_id = ANY ($1::text[])',
    [transactionIds],
  );
  return new Map(
    rows.map((row) => [row.transaction_id, { fingerprint: row.fingerprint, answer: row.answer }]),
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

/** Everything a batch of callbacks needs to know before it decides (docs/decisions/0182). */
export type BatchReads = {
  /** By bet id, locked until the batch commits. */
  bets: Map<string, LockedBet>;
  /** By token hash. */
  sessions: Map<string, CasinoSession>;
  /** The first answers already recorded, by transaction id. */
  stored: Map<string, StoredTransaction>;
  /** The sessions' players' cash as read, by player id. */
  cash: Map<string, bigint>;
};

type BetJson = {
  transaction_id: string;
  player_id: string;
  game_id: string;
  round_id: string;
  ledger_transfer_id: string | null;
  win_minor: string;
  bet_status: CasinoBetStatus;
};
type SessionJson = SessionRow & { cash_minor: string | null };
type StoredJson = StoredTransaction & { transaction_id: string };

/**
 * The batch's reads in one round trip: the bets its wins and rollbacks settle, locked in id order so
 * that two batches naming the same bets cannot deadlock (wins and rollbacks of one bet take turns
 * here); the sessions behind its tokens with their players' status and cash; the answers recorded for
 * its transaction ids. A locked bet is read as it is after the lock was granted. The recorded answers
 * are read as the statement began: a twin in another process that commits meanwhile makes the batch's
 * insert fail on the primary key, and the batch's retry then replays it.
 *
 * Every row is reached by its key, one item at a time (LATERAL ... OFFSET 0, docs/decisions/0203):
 * planned from the estimates of tables never analysed, `= ANY` of twenty ids read every bet through
 * another index and scanned the sessions, the players and their accounts (0209).
 */
export async function readBatch(
  sql: Sql,
  ids: { betIds: readonly string[]; tokenHashes: readonly string[]; transactionIds: readonly string[] },
): Promise<BatchReads> {
  const [row] = await sql.query<{ bets: BetJson[]; sessions: SessionJson[]; stored: StoredJson[] }>(
    `WITH locked AS MATERIALIZED (
       SELECT b.* FROM (SELECT DISTINCT id FROM unnest($1::text[]) AS k(id) ORDER BY id) k
        CROSS JOIN LATERAL (
          SELECT transaction_id, player_id::text AS player_id, game_id, round_id,
                 ledger_transfer_id::text AS ledger_transfer_id, win_minor::text AS win_minor, bet_status
            FROM casino_transactions WHERE transaction_id = k.id AND kind = 'BET' FOR UPDATE OFFSET 0) b),
     played AS (
       SELECT ${SESSION_COLUMNS}, a.balance_minor::text AS cash_minor
         FROM unnest($2::text[]) AS k(hash)
        CROSS JOIN LATERAL (SELECT * FROM casino_sessions WHERE token_hash = k.hash OFFSET 0) s
        CROSS JOIN LATERAL (SELECT status FROM ${authTables.users} WHERE id = s.player_id OFFSET 0) u
         LEFT JOIN LATERAL (SELECT balance_minor FROM ${walletTables.accounts}
                             WHERE account_id = ${playerCashAccountIdSql('s.player_id::text')} OFFSET 0) a ON true)
     SELECT (SELECT coalesce(json_agg(l), '[]') FROM locked l) AS bets,
            (SELECT coalesce(json_agg(x), '[]') FROM played x) AS sessions,
            (SELECT coalesce(json_agg(t), '[]') FROM (
               SELECT t.* FROM unnest($3::text[]) AS k(id)
                CROSS JOIN LATERAL (SELECT transaction_id, fingerprint, answer FROM casino_transactions
                                     WHERE transaction_id = k.id OFFSET 0) t) t) AS stored`,
    [ids.betIds, ids.tokenHashes, ids.transactionIds],
  );
  return {
    bets: new Map((row?.bets ?? []).map((bet) => [bet.transaction_id, lockedBetOf(bet)])),
    sessions: new Map((row?.sessions ?? []).map((session) => [session.token_hash, sessionOf(session)])),
    stored: new Map(
      (row?.stored ?? []).map((stored) => [
        stored.transaction_id,
        { fingerprint: stored.fingerprint, answer: stored.answer },
      ]),
    ),
    cash: new Map(
      (row?.sessions ?? []).map((session) => [session.player_id, BigInt(session.cash_minor ?? 0)]),
    ),
  };
}

const lockedBetOf = (row: BetJson): LockedBet => ({
  playerId: row.player_id,
  gameId: row.game_id,
  roundId: row.round_id,
  ledgerTransferId: row.ledger_transfer_id === null ? null : Number(row.ledger_transfer_id),
  winMinor: BigInt(row.win_minor),
  status: row.bet_status,
});

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
  /** Instead of the id: the place of its transfer in the ledger call written with it (writeForeseen). */
  ledgerOrd?: number;
};

/** A bet's outcome after the wins and rollbacks of a batch. */
export type BetOutcome = { betId: string; winMinor: bigint; status: CasinoBetStatus };

const rowsJson = (rows: readonly NewTransaction[]) =>
  JSON.stringify(
    rows.map((row) => ({
      transaction_id: row.transactionId,
      kind: row.kind,
      player_id: row.playerId,
      game_id: row.gameId,
      round_id: row.roundId,
      amount_minor: row.amountMinor.toString(),
      reference_transaction_id: row.referenceTransactionId,
      fingerprint: row.fingerprint,
      answer: row.answer,
      ledger_transfer_id: row.ledgerTransferId,
      ledger_ord: row.ledgerOrd ?? null,
      bet_status: row.kind === 'BET' ? 'OPEN' : null,
    })),
  );

const outcomesJson = (settled: readonly BetOutcome[]) =>
  JSON.stringify(
    settled.map((bet) => ({ id: bet.betId, win_minor: bet.winMinor.toString(), status: bet.status })),
  );

/**
 * Records the accepted transactions with their answers, in arrival order, and the settled bets' new
 * outcomes (casino_write_rows). A concurrent twin in another process fails the insert on the primary
 * key, which rolls the batch back; its retry then finds that row and replays it.
 */
export async function writeTransactions(
  sql: Sql,
  rows: readonly NewTransaction[],
  settled: readonly BetOutcome[],
): Promise<void> {
  if (rows.length === 0 && settled.length === 0) return;
  await sql.query('SELECT casino_write_rows($1::jsonb, $2::jsonb, NULL)', [
    rowsJson(rows),
    outcomesJson(settled),
  ]);
}

/** A settled bet's outcome, and the state the batch found it in. */
export type BetChange = BetOutcome & { was: Pick<LockedBet, 'winMinor' | 'status'> };

/** What a pass written from foresight expects to find as it commits (docs/decisions/0200, 0202). */
export type Foresight = {
  /** The cash each transfer of the ledger call leaves its player with, by the transfer's place. */
  cashAfter: readonly bigint[];
  /** Players answered without a movement of theirs in the batch, with the cash they were answered. */
  unmoved: readonly { playerId: string; cashMinor: bigint }[];
  /** Players who placed bets, still active. */
  bettors: readonly string[];
};

/** A foreseen pass: the unlocked bets it settles first, its ledger call, what it foresaw, its rows. */
export type ForeseenWrite = {
  settle: readonly BetChange[];
  ledger: LedgerCall;
  foresight: Foresight;
  rows: readonly NewTransaction[];
  settled: readonly BetOutcome[];
};

/**
 * Writes a foreseen pass in one call (casino_write_foreseen, docs/decisions/0204), which fails the
 * transaction as a serialization failure unless the batch finds what it foresaw: the bets it settles
 * still stand as it found them in memory (0202), each transfer is new and leaves its player's cash as
 * foreseen, the players it answered without moving their money still have the cash it answered, and
 * its bettors are still active. A transaction id recorded earlier fails the insert on its primary key.
 * Answers the ledger's outcomes, whose balances are published after the commit.
 */
export async function writeForeseen(sql: Sql, write: ForeseenWrite): Promise<LedgerOutcome[]> {
  const { settle, ledger, foresight, rows, settled } = write;
  const changes = settle.map((change) => ({
    id: change.betId,
    was_win: change.was.winMinor.toString(),
    was_status: change.was.status,
    win_minor: change.winMinor.toString(),
    status: change.status,
  }));
  const unmoved = foresight.unmoved.map((player) => ({
    account: playerCashAccountId(player.playerId),
    cash: player.cashMinor.toString(),
  }));
  const answered = await sql.query<LedgerCallRow>(
    `SELECT ord, code, replay, transfer_id, balances
       FROM casino_write_foreseen($1::jsonb, $2::jsonb, $3::bigint[], $4::jsonb, $5::uuid[], $6::jsonb, $7::jsonb)`,
    [
      JSON.stringify(changes),
      ledger.items,
      foresight.cashAfter.map(String),
      JSON.stringify(unmoved),
      foresight.bettors,
      rowsJson(rows),
      outcomesJson(settled),
    ],
  );
  return ledger.read(answered);
}
