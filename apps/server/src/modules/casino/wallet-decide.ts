import type { CasinoWalletAnswer, CasinoWalletStatus } from '@backlay/contracts';
import type { LedgerRequest } from '@backlay/ledger';
import { CASINO_STATUS_OF, type AdmissionGate } from '../admission/index.ts';
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
  /** Hangs on the ledger outcome of an earlier callback of this pass: decided in the next pass. */
  | { type: 'defer' }
  /** Accepted: posts `ledger` (when money moves) and records `row`. */
  | { type: 'accept'; playerId: string; row: RowDraft; ledger: LedgerRequest | undefined };

/** A launch token places bets until it expires; balance callbacks report its expiry too. */
export const tokenExpired = (session: CasinoSession, nowMs: number): boolean => nowMs > session.expiresAtMs;

/** What a pass asks of the admission gate, which has read every bettor's standing beforehand. */
export type Admitting = Pick<AdmissionGate, 'admitStanding'>;

/**
 * One decision per pending callback, in order. Settled bets' states in `state.bets` move along.
 * `betsTaken`: the provider switch (docs/decisions/0245). Off, bets are refused as from a disabled
 * user, the protocol's nearest status; wins and rollbacks are still taken.
 */
export function decidePass(
  pending: readonly Pending[],
  state: BatchState,
  admission: Admitting,
  betsTaken = true,
): Decision[] {
  const pass = new Pass(state, admission, betsTaken);
  return pending.map((item) => pass.decide(item));
}

class Pass {
  /** Transaction ids decided in this pass. */
  readonly #seen = new Set<string>();
  /** Bets this pass posts: whether they are accepted is known only after the ledger call. */
  readonly #placed = new Set<string>();
  /** Ids of deferred callbacks and of the bets they settle: later callbacks naming them wait too. */
  readonly #waiting = new Set<string>();
  /**
   * Players with a deferred callback: their later callbacks wait too, so that each player's callbacks
   * are still decided, posted and answered in arrival order (a bet after a deferred win may need the
   * win's money; an answer reports the cash right after its own callback).
   */
  readonly #waitingPlayers = new Set<string>();

  constructor(
    private readonly state: BatchState,
    private readonly admission: Admitting,
    private readonly betsTaken: boolean,
  ) {}

  decide(item: Pending): Decision {
    const { callback, tokenHash } = item;
    const session = this.state.sessions.get(tokenHash);
    if (!session) return { type: 'answer', answer: answerOf('RS_ERROR_INVALID_TOKEN', 0n) };
    if (this.#waitingPlayers.has(session.playerId)) return this.#defer(callback, session);
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
    if (this.#mustWait(callback)) return this.#defer(callback, session);
    // The same id again, with the same body or another: judged once the first one's fate is recorded,
    // as one at a time would judge it (the first one's answer if it was accepted; decided anew if not,
    // since refusals are not recorded).
    if (this.#seen.has(id)) return this.#defer(callback, session);
    this.#seen.add(id);
    return callback.kind === 'bet'
      ? this.#bet(session, callback, print, refuse)
      : this.#settle(session, callback, print, refuse);
  }

  #mustWait(callback: MoneyCallback): boolean {
    const betId = settledBetId(callback);
    return (
      this.#waiting.has(callback.body.transactionId) ||
      (betId !== null && (this.#waiting.has(betId) || this.#placed.has(betId)))
    );
  }

  #defer(callback: MoneyCallback, session: CasinoSession): Decision {
    this.#waiting.add(callback.body.transactionId);
    const betId = settledBetId(callback);
    if (betId !== null) this.#waiting.add(betId);
    this.#waitingPlayers.add(session.playerId);
    return { type: 'defer' };
  }

  #bet(
    session: CasinoSession,
    callback: MoneyCallback,
    print: string,
    refuse: (status: CasinoWalletStatus) => Decision,
  ): Decision {
    // Checked after the replay, as the expiry: a bet accepted before the switch answers the same after it.
    if (!this.betsTaken) return refuse('RS_ERROR_USER_DISABLED');
    // Checked after the replay: a bet accepted before expiry answers the same when retried after it.
    if (tokenExpired(session, this.state.now)) return refuse('RS_ERROR_TOKEN_EXPIRED');
    // Who is betting: the admission gate (docs/decisions/0231). The status this batch read or remembered
    // stands too, so a suspension whose announcement was lost still stops bets.
    const admission = this.admission.admitStanding(session.playerId, {
      stake: { kind: 'stake', stakeMinor: callback.amountMinor },
    });
    if (!admission.ok) return refuse(CASINO_STATUS_OF[admission.code]);
    if (!session.playerActive) return refuse(CASINO_STATUS_OF.PLAYER_SUSPENDED);
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
