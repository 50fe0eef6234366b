import type { CasinoBetStatus, CasinoWalletAnswer } from '@backlay/contracts';
import { playerCashAccountId } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import {
  SESSION_COLUMNS,
  SESSIONS_WITH_PLAYERS,
  sessionOf,
  type CasinoSession,
  type SessionRow,
} from './sessions-repo.ts';

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
 */
export async function readBatch(
  sql: Sql,
  ids: { betIds: readonly string[]; tokenHashes: readonly string[]; transactionIds: readonly string[] },
): Promise<BatchReads> {
  const [row] = await sql.query<{ bets: BetJson[]; sessions: SessionJson[]; stored: StoredJson[] }>(
    `WITH locked AS MATERIALIZED (
       SELECT transaction_id, player_id::text AS player_id, game_id, round_id,
              ledger_transfer_id::text AS ledger_transfer_id, win_minor::text AS win_minor, bet_status
         FROM casino_transactions WHERE transaction_id = ANY ($1::text[]) AND kind = 'BET'
        ORDER BY transaction_id FOR UPDATE),
     sessions AS (
       SELECT ${SESSION_COLUMNS}, a.balance_minor::text AS cash_minor
         FROM ${SESSIONS_WITH_PLAYERS} LEFT JOIN accounts a ON a.account_id = 'cash:' || s.player_id::text
        WHERE s.token_hash = ANY ($2::text[]))
     SELECT (SELECT coalesce(json_agg(l), '[]') FROM locked l) AS bets,
            (SELECT coalesce(json_agg(x), '[]') FROM sessions x) AS sessions,
            (SELECT coalesce(json_agg(t), '[]') FROM (
               SELECT transaction_id, fingerprint, answer FROM casino_transactions
                WHERE transaction_id = ANY ($3::text[])) t) AS stored`,
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
  /** Instead of the id: the ledger key of a transfer posted earlier in the same transaction. */
  ledgerKey?: string;
};

/** A bet's outcome after the wins and rollbacks of a batch. */
export type BetOutcome = { betId: string; winMinor: bigint; status: CasinoBetStatus };

/**
 * Records the accepted transactions with their answers, in arrival order, and the settled bets' new
 * outcomes, in one statement (settled bets probed by an array of ids, as in settleUnlockedBets). A concurrent request with one of these ids in another process fails the
 * statement on the primary key, which rolls the batch back; its retry then finds that row and replays it.
 */
export async function writeTransactions(
  sql: Sql,
  rows: readonly NewTransaction[],
  settled: readonly BetOutcome[],
): Promise<void> {
  if (rows.length === 0 && settled.length === 0) return;
  const inserted = rows.map((row) => ({
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
    ledger_key: row.ledgerKey ?? null,
    bet_status: row.kind === 'BET' ? 'OPEN' : null,
  }));
  const outcomes = settled.map((bet) => ({
    id: bet.betId,
    win_minor: bet.winMinor.toString(),
    status: bet.status,
  }));
  await sql.query(
    `WITH settled AS (
       UPDATE casino_transactions c SET win_minor = x.win_minor, bet_status = x.status
         FROM jsonb_to_recordset($2::jsonb) AS x(id text, win_minor bigint, status text)
        WHERE c.transaction_id = ANY ($3::text[]) AND c.transaction_id = x.id)
     INSERT INTO casino_transactions (transaction_id, kind, player_id, game_id, round_id, amount_minor,
       reference_transaction_id, fingerprint, answer, ledger_transfer_id, bet_status)
     SELECT x.transaction_id, x.kind, x.player_id, x.game_id, x.round_id, x.amount_minor,
            x.reference_transaction_id, x.fingerprint, x.answer,
            coalesce(x.ledger_transfer_id,
                     (SELECT t.id FROM transfers t WHERE t.idempotency_key = x.ledger_key || '#0')),
            x.bet_status
       FROM jsonb_to_recordset($1::jsonb) AS x(transaction_id text, kind text, player_id uuid, game_id text,
         round_id text, amount_minor bigint, reference_transaction_id text, fingerprint text, answer jsonb,
         ledger_transfer_id bigint, ledger_key text, bet_status text)`,
    [JSON.stringify(inserted), JSON.stringify(outcomes), outcomes.map((bet) => bet.id)],
  );
}

/** What a batch written from foresight expects to find as it commits (docs/decisions/0200, 0202). */
export type Foresight = {
  /** Each transfer posted under its key, leaving its player's cash at the amount given. */
  moved: readonly { key: string; cashAfterMinor: bigint }[];
  /** Players answered without a movement of theirs in the batch, with the cash they were answered. */
  unmoved: readonly { playerId: string; cashMinor: bigint }[];
  /** Players who placed bets, still active. */
  bettors: readonly string[];
};

/**
 * Fails the transaction (as a serialization failure) unless the batch finds what it foresaw. A
 * transfer under one of these keys that an earlier batch posted cannot pass for one of this batch: its
 * casino row exists too, and this batch's insert of the same transaction id fails.
 */
export function expectForeseen(sql: Sql, foresight: Foresight): Promise<unknown> {
  const { moved, unmoved, bettors } = foresight;
  const keys = moved.map((item) => `${item.key}#0`);
  const accounts = unmoved.map((item) => playerCashAccountId(item.playerId));
  return sql.query(
    `SELECT casino_expect_foreseen(
       (SELECT count(*) FROM transfers t
         WHERE t.idempotency_key = ANY ($1::text[])
           AND t.idempotency_key || '=' || coalesce(t.debit_balance_after_minor, t.credit_balance_after_minor)
               = ANY ($2::text[])) = cardinality($1::text[])
       AND (SELECT count(*) FROM accounts a
             WHERE a.account_id = ANY ($3::text[])
               AND a.account_id || '=' || a.balance_minor = ANY ($4::text[])) = cardinality($3::text[])
       AND (SELECT count(*) FROM users u
             WHERE u.id = ANY ($5::uuid[]) AND u.status = 'active') = cardinality($5::uuid[]))`,
    [
      keys,
      moved.map((item, at) => `${keys[at]}=${item.cashAfterMinor}`),
      accounts,
      unmoved.map((item, at) => `${accounts[at]}=${item.cashMinor}`),
      bettors,
    ],
  );
}

/** A settled bet's outcome, and the state the batch found it in. */
export type BetChange = BetOutcome & { was: Pick<LockedBet, 'winMinor' | 'status'> };

/**
 * Settles bets that a batch did not lock, each only if it still stands as the batch found it in
 * memory (docs/decisions/0202); fails the transaction as a serialization failure otherwise. Sent first
 * in its transaction, like the read it stands in for, so that bets are locked before players' cash.
 * Bets are probed by an array of their ids, which keeps the plan an index lookup whatever the table's
 * statistics say (joined only with the items, it scanned every bet; 0197 saw the same elsewhere). Only
 * bets have a status, so no other row can match; naming the kind led the plan to the bets' own index.
 */
export function settleUnlockedBets(sql: Sql, changes: readonly BetChange[]): Promise<unknown> {
  const rows = changes.map((change) => ({
    id: change.betId,
    was_win: change.was.winMinor.toString(),
    was_status: change.was.status,
    win_minor: change.winMinor.toString(),
    status: change.status,
  }));
  return sql.query(
    `WITH settled AS (
       UPDATE casino_transactions c SET win_minor = x.win_minor, bet_status = x.status
         FROM jsonb_to_recordset($1::jsonb)
              AS x(id text, was_win bigint, was_status text, win_minor bigint, status text)
        WHERE c.transaction_id = ANY ($2::text[]) AND c.transaction_id = x.id
          AND c.win_minor = x.was_win AND c.bet_status = x.was_status
        RETURNING 1)
     SELECT casino_expect_foreseen(count(*) = cardinality($2::text[])) FROM settled`,
    [JSON.stringify(rows), rows.map((row) => row.id)],
  );
}
