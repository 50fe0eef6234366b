import {
  CASINO_CURRENCY,
  type CasinoWalletAnswer,
  type CasinoWalletStatus,
  type CasinoWinCallback,
} from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Database, Sql } from '../../db/database.ts';
import { sqlFor, transaction } from '../../platform/transaction.ts';
import { readPlayerBalances, type WalletService } from '../wallet/index.ts';
import { findCasinoSession, type CasinoSession } from './sessions-repo.ts';
import { betReversal, betTransfer, winTransfer } from './wallet-ledger.ts';
import {
  findTransaction,
  insertTransaction,
  lockBet,
  type LockedBet,
  type StoredTransaction,
  type TransactionKind,
} from './wallet-repo.ts';
import type { Callback } from './wallet-request.ts';
import { fingerprintOf, movementOf, outcomeAfter, rowOf, type MoneyCallback } from './wallet-records.ts';

export type CasinoWalletDeps = { db: Database; wallet: WalletService; now?: () => number };

type FoundSession = CasinoSession & { previous: StoredTransaction | undefined };
type LedgerOutcome = Awaited<ReturnType<WalletService['execute']>>;

export const answerOf = (status: CasinoWalletStatus, cashMinor: bigint): CasinoWalletAnswer => ({
  status,
  balance: formatMinor(cashMinor),
  currency: CASINO_CURRENCY,
});

/**
 * The seamless wallet (docs/decisions/0141): each accepted money callback is one unit of work holding
 * its ledger transfer and its casino_transactions row, so the row exists exactly when the money moved.
 * A transaction id answers its first answer forever after; the same id with another body is a duplicate.
 */
export class CasinoWallet {
  readonly #now: () => number;

  constructor(private readonly deps: CasinoWalletDeps) {
    this.#now = deps.now ?? Date.now;
  }

  async answer(callback: Callback): Promise<CasinoWalletAnswer> {
    const transactionId = callback.kind === 'balance' ? null : callback.body.transactionId;
    const session = await findCasinoSession(this.deps.db, callback.body.token, transactionId);
    if (!session) return answerOf('RS_ERROR_INVALID_TOKEN', 0n);
    if (callback.kind === 'balance') {
      const expired = this.#now() > session.expiresAtMs;
      return this.#answerWithCash(expired ? 'RS_ERROR_TOKEN_EXPIRED' : 'RS_OK', session.playerId);
    }
    // A launch token opens one game; its callbacks may not book money under another.
    if (String(callback.body.gameId) !== session.gameId) {
      return this.#answerWithCash('RS_ERROR_INVALID_TOKEN', session.playerId);
    }
    if (callback.kind === 'bet') return this.#bet(session, callback);
    // A recorded answer is final: a replay needs no unit of work.
    if (session.previous) {
      const kind = callback.kind === 'win' ? 'WIN' : 'ROLLBACK';
      return this.#replay(
        session.previous,
        fingerprintOf(kind, session.playerId, callback),
        session.playerId,
      );
    }
    return this.#settle(session, callback);
  }

  /** What a refused callback that named a token answers: that player's cash, if the token is known. */
  async refusal(status: CasinoWalletStatus, token: string | undefined): Promise<CasinoWalletAnswer> {
    const session = token === undefined ? undefined : await findCasinoSession(this.deps.db, token);
    return session ? this.#answerWithCash(status, session.playerId) : answerOf(status, 0n);
  }

  async #bet(session: FoundSession, callback: MoneyCallback): Promise<CasinoWalletAnswer> {
    const { body, amountMinor } = callback;
    const print = fingerprintOf('BET', session.playerId, callback);
    if (session.previous) return this.#replay(session.previous, print, session.playerId);
    // Checked after the replay: a bet accepted before expiry answers the same when retried after it.
    if (this.#now() > session.expiresAtMs)
      return this.#answerWithCash('RS_ERROR_TOKEN_EXPIRED', session.playerId);
    if (!session.playerActive) return this.#answerWithCash('RS_ERROR_INVALID_TOKEN', session.playerId);
    let attempt = 0;
    return transaction(
      this.deps.db,
      async (tx) => {
        // The lookup above covers the first attempt; a rerun follows a concurrent twin's commit.
        const twin = (attempt += 1) > 1 ? await findTransaction(tx, body.transactionId) : undefined;
        if (twin) return this.#replay(twin, print, session.playerId);
        const { playerId, gameId } = session;
        const move = {
          playerId,
          gameId,
          roundId: body.roundId,
          transactionId: body.transactionId,
          amountMinor,
        };
        const outcome = await this.deps.wallet.execute(betTransfer(move));
        if (!outcome.result.ok) {
          const status =
            outcome.result.code === 'INSUFFICIENT_FUNDS' ? 'RS_ERROR_NOT_ENOUGH_MONEY' : 'RS_ERROR_UNKNOWN';
          return this.#refuseUnlessTwin(tx, body.transactionId, print, session.playerId, status);
        }
        const answer = answerOf('RS_OK', await cashAfter(tx, outcome, session.playerId));
        await insertTransaction(tx, {
          ...rowOf('BET', session, callback, print, answer),
          ledgerTransferId: outcome.result.transfers[0]?.id ?? null,
        });
        return answer;
      },
      { retryRaces: true },
    );
  }

  /** Wins and rollbacks: taken after the launch token expired, since a round may end after it. */
  #settle(session: CasinoSession, callback: MoneyCallback): Promise<CasinoWalletAnswer> {
    const body = callback.body as CasinoWinCallback;
    const kind: TransactionKind = callback.kind === 'win' ? 'WIN' : 'ROLLBACK';
    const print = fingerprintOf(kind, session.playerId, callback);
    const refuse = (status: CasinoWalletStatus) => this.#answerWithCash(status, session.playerId);
    return transaction(
      this.deps.db,
      async (tx) => {
        const bet = await lockBet(tx, body.referenceTransactionId, session.playerId);
        // After the lock: a twin of this request that held it has committed by now and is seen here.
        const previous = await findTransaction(tx, body.transactionId);
        if (previous) return this.#replay(previous, print, session.playerId);
        // A rolled-back bet no longer exists for the round, so it cannot win either.
        if (!bet || (kind === 'WIN' && bet.status === 'ROLLED_BACK')) {
          return refuse('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
        }
        // A round that paid out (even 0) is closed and cannot be rolled back.
        if (kind === 'ROLLBACK' && bet.status !== 'OPEN' && bet.status !== 'ROLLED_BACK') {
          return refuse('RS_ERROR_UNKNOWN');
        }
        const moved = kind === 'WIN' ? await this.#win(bet, callback) : await this.#rollBack(bet, callback);
        if (moved && !moved.result.ok) return refuse('RS_ERROR_UNKNOWN');
        const answer = answerOf('RS_OK', await cashAfter(tx, moved, session.playerId));
        const row = {
          ...rowOf(kind, session, callback, print, answer),
          referenceTransactionId: body.referenceTransactionId,
          ledgerTransferId: moved?.result.ok ? (moved.result.transfers[0]?.id ?? null) : null,
        };
        const outcome = outcomeAfter(kind, bet, callback.amountMinor);
        await insertTransaction(tx, row, { betId: body.referenceTransactionId, ...outcome });
        return answer;
      },
      { retryRaces: true },
    );
  }

  /** A win of 0 moves nothing: it only closes the round as lost. */
  async #win(bet: LockedBet, callback: MoneyCallback): Promise<LedgerOutcome | undefined> {
    if (callback.amountMinor === 0n) return undefined;
    return this.deps.wallet.execute(winTransfer(movementOf(bet, callback)));
  }

  /** A second rollback of a bet already rolled back moves nothing and answers RS_OK. */
  async #rollBack(bet: LockedBet, callback: MoneyCallback): Promise<LedgerOutcome | undefined> {
    if (bet.status !== 'OPEN' || bet.ledgerTransferId === null) return undefined;
    const move = movementOf(bet, callback);
    return this.deps.wallet.execute(betReversal({ ...move, betTransferId: bet.ledgerTransferId }));
  }

  async #replay(previous: StoredTransaction, print: string, playerId: string): Promise<CasinoWalletAnswer> {
    if (previous.fingerprint === print) return previous.answer;
    return this.#answerWithCash('RS_ERROR_DUPLICATE_TRANSACTION', playerId);
  }

  /** A refused bet may have lost a race to its own twin; then the twin's answer is the answer. */
  async #refuseUnlessTwin(
    tx: Sql,
    transactionId: string,
    print: string,
    playerId: string,
    status: CasinoWalletStatus,
  ): Promise<CasinoWalletAnswer> {
    const twin = await findTransaction(tx, transactionId);
    return twin ? this.#replay(twin, print, playerId) : this.#answerWithCash(status, playerId);
  }

  async #answerWithCash(status: CasinoWalletStatus, playerId: string): Promise<CasinoWalletAnswer> {
    return answerOf(status, await cashOf(sqlFor(this.deps.db), playerId));
  }
}

async function cashOf(sql: Sql, playerId: string): Promise<bigint> {
  return (await readPlayerBalances(sql, playerId))?.cashMinor ?? 0n;
}

/** The cash the ledger reported with the transfer, or read afresh when nothing moved. */
async function cashAfter(sql: Sql, outcome: LedgerOutcome | undefined, playerId: string): Promise<bigint> {
  const change = outcome?.changes.find((candidate) => candidate.playerId === playerId);
  return change ? change.cashMinor : cashOf(sql, playerId);
}
