import type { CasinoWalletAnswer, CasinoWalletStatus } from '@backlay/contracts';
import type { LedgerRequest } from '@backlay/ledger';
import type { CasinoSession } from './sessions-repo.ts';
import { betReversal, betTransfer, winTransfer } from './wallet-ledger.ts';
import {
  answerOf,
  fingerprintOf,
  kindOf,
  movementOf,
  outcomeAfter,
  rowOf,
  settledBetId,
  type MoneyCallback,
} from './wallet-records.ts';
import type { LockedBet, NewTransaction, StoredTransaction } from './wallet-repo.ts';

/**
 * The rules of the seamless wallet (docs/decisions/0141) applied to a batch of callbacks in memory,
 * in arrival order, from what the batch read: the sessions, the answers already recorded, the locked
 * bets (docs/decisions/0182).
 */

export type Pending = { index: number; callback: MoneyCallback; tokenHash: string };

/** A locked bet as this batch has settled it so far; `settled` once its row needs writing. */
export type BetState = LockedBet & { settled: boolean };

export type BatchState = {
  now: number;
  /** By token hash. */
  sessions: Map<string, CasinoSession>;
  /** By transaction id: read at the start, then every row the batch writes. */
  stored: Map<string, StoredTransaction>;
  /** By bet id: locked at the start, then every bet the batch places. */
  bets: Map<string, BetState>;
  /** By player id: as read at the start, then after each pass's movements. */
  cash: Map<string, bigint>;
};

export type RowDraft = Omit<NewTransaction, 'answer' | 'ledgerTransferId'>;

export type Decision =
  /** Complete: a replay of a recorded answer, or a token nobody holds. */
  | { type: 'answer'; answer: CasinoWalletAnswer }
  /** Refused, answered with the player's cash. */
  | { type: 'refuse'; status: CasinoWalletStatus; playerId: string }
  /** The same request (id, token and body) as the earlier callback `twinOf` of this pass. */
  | { type: 'follow'; twinOf: number }
  /** Hangs on the ledger outcome of an earlier callback of this pass: decided in the next pass. */
  | { type: 'defer' }
  /** Accepted: posts `ledger` (when money moves) and records `row`. */
  | { type: 'accept'; playerId: string; row: RowDraft; ledger: LedgerRequest | undefined };

/** One decision per pending callback, in order. Settled bets' states in `state.bets` move along. */
export function decidePass(pending: readonly Pending[], state: BatchState): Decision[] {
  const pass = new Pass(state);
  return pending.map((item, at) => pass.decide(item, at));
}

class Pass {
  readonly #seen = new Map<string, { at: number; tokenHash: string; print: string }>();
  /** Bets this pass posts: whether they are accepted is known only after the ledger call. */
  readonly #placed = new Set<string>();
  /** Ids of deferred callbacks and of the bets they settle: later callbacks naming them wait too. */
  readonly #waiting = new Set<string>();

  constructor(private readonly state: BatchState) {}

  decide(item: Pending, at: number): Decision {
    const { callback, tokenHash } = item;
    const session = this.state.sessions.get(tokenHash);
    if (!session) return { type: 'answer', answer: answerOf('RS_ERROR_INVALID_TOKEN', 0n) };
    const refuse = (status: CasinoWalletStatus): Decision => ({
      type: 'refuse',
      status,
      playerId: session.playerId,
    });
    // A launch token opens one game; its callbacks may not book money under another.
    if (String(callback.body.gameId) !== session.gameId) return refuse('RS_ERROR_INVALID_TOKEN');
    const print = fingerprintOf(kindOf(callback), session.playerId, callback);
    const id = callback.body.transactionId;
    // A recorded answer is final, whatever happened since (expiry, suspension, a rollback).
    const stored = this.state.stored.get(id);
    if (stored) {
      return stored.fingerprint === print
        ? { type: 'answer', answer: stored.answer }
        : refuse('RS_ERROR_DUPLICATE_TRANSACTION');
    }
    if (this.#mustWait(callback)) return { type: 'defer' };
    const twin = this.#seen.get(id);
    if (twin?.tokenHash === tokenHash && twin.print === print) return { type: 'follow', twinOf: twin.at };
    if (twin) {
      // Same id, another body or token: judged once the first one's fate is recorded.
      this.#wait(callback);
      return { type: 'defer' };
    }
    this.#seen.set(id, { at, tokenHash, print });
    return callback.kind === 'bet'
      ? this.#bet(session, callback, print, refuse)
      : this.#settle(session, callback, print, refuse);
  }

  #mustWait(callback: MoneyCallback): boolean {
    const betId = settledBetId(callback);
    const waits =
      this.#waiting.has(callback.body.transactionId) ||
      (betId !== null && (this.#waiting.has(betId) || this.#placed.has(betId)));
    if (waits) this.#wait(callback);
    return waits;
  }

  #wait(callback: MoneyCallback): void {
    this.#waiting.add(callback.body.transactionId);
    const betId = settledBetId(callback);
    if (betId !== null) this.#waiting.add(betId);
  }

  #bet(
    session: CasinoSession,
    callback: MoneyCallback,
    print: string,
    refuse: (status: CasinoWalletStatus) => Decision,
  ): Decision {
    // Checked after the replay: a bet accepted before expiry answers the same when retried after it.
    if (this.state.now > session.expiresAtMs) return refuse('RS_ERROR_TOKEN_EXPIRED');
    if (!session.playerActive) return refuse('RS_ERROR_INVALID_TOKEN');
    const { body, amountMinor } = callback;
    this.#placed.add(body.transactionId);
    const { playerId, gameId } = session;
    const move = { playerId, gameId, roundId: body.roundId, transactionId: body.transactionId, amountMinor };
    return {
      type: 'accept',
      playerId,
      row: rowOf('BET', session, callback, print),
      ledger: betTransfer(move),
    };
  }

  /** Wins and rollbacks: taken after the launch token expired, since a round may end after it. */
  #settle(
    session: CasinoSession,
    callback: MoneyCallback,
    print: string,
    refuse: (status: CasinoWalletStatus) => Decision,
  ): Decision {
    const kind = kindOf(callback);
    const bet = this.state.bets.get(settledBetId(callback) ?? '');
    // A rolled-back bet no longer exists for the round, so it cannot win either.
    if (!bet || bet.playerId !== session.playerId || (kind === 'WIN' && bet.status === 'ROLLED_BACK')) {
      return refuse('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    }
    // A round that paid out (even 0) is closed and cannot be rolled back.
    if (kind === 'ROLLBACK' && bet.status !== 'OPEN' && bet.status !== 'ROLLED_BACK') {
      return refuse('RS_ERROR_UNKNOWN');
    }
    const ledger = kind === 'WIN' ? winOf(bet, callback) : rollbackOf(bet, callback);
    Object.assign(bet, outcomeAfter(kind, bet, callback.amountMinor), { settled: true });
    return { type: 'accept', playerId: session.playerId, row: rowOf(kind, session, callback, print), ledger };
  }
}

/** A win of 0 moves nothing: it only closes the round as lost. */
function winOf(bet: LockedBet, callback: MoneyCallback): LedgerRequest | undefined {
  return callback.amountMinor === 0n ? undefined : winTransfer(movementOf(bet, callback));
}

/** A second rollback of a bet already rolled back moves nothing and answers RS_OK. */
function rollbackOf(bet: LockedBet, callback: MoneyCallback): LedgerRequest | undefined {
  if (bet.status !== 'OPEN' || bet.ledgerTransferId === null) return undefined;
  return betReversal({ ...movementOf(bet, callback), betTransferId: bet.ledgerTransferId });
}
