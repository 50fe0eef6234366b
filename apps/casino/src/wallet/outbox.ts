import type { CasinoStore } from '../state/store.ts';
import type { Change, WalletCallKind, WalletCallRecord } from '../state/types.ts';
import { DEFAULT_RETRY_POLICY, retryDelayMs, verdictOf, type RetryPolicy } from './retry-policy.ts';
import type { WalletAnswer, WalletBody, WalletOutcome, WalletPort } from './wallet-client.ts';

export type OutboxLog = {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

export type NewCall = {
  readonly transactionId: string;
  readonly token: string;
  readonly roundId: string;
  readonly gameId: string;
  readonly amount: string;
  readonly referenceTransactionId?: string;
};

export type BetOutcome =
  | { readonly ok: true; readonly answer: WalletAnswer }
  /** The portal refused the bet (not enough money, expired token…): nothing was taken. */
  | { readonly ok: false; readonly reason: 'refused'; readonly answer: WalletAnswer }
  /** No usable answer: a rollback of the bet is queued. */
  | { readonly ok: false; readonly reason: 'unavailable' };

export type OutboxDeps = {
  readonly store: CasinoStore;
  readonly wallet: WalletPort;
  readonly nowMs: () => number;
  readonly log: OutboxLog;
  readonly retry?: RetryPolicy;
};

/** Calls handled per pass of the retry loop; the rest wait for the next pass. */
const MAX_CALLS_PER_PASS = 200;

/**
 * Every wallet callback goes through here. A bet is written down as `sent` before it leaves, so a
 * restart can roll back a bet whose answer was never recorded. Wins and rollbacks are written down as
 * `pending` together with the round that causes them, then retried with capped backoff until the portal
 * acknowledges them (docs/decisions/0146).
 */
export class WalletOutbox {
  private readonly policy: RetryPolicy;
  private readonly inFlight = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<void> | null = null;

  constructor(private readonly deps: OutboxDeps) {
    this.policy = deps.retry ?? DEFAULT_RETRY_POLICY;
  }

  record(kind: WalletCallKind, call: NewCall, state: 'sent' | 'pending'): WalletCallRecord {
    return {
      transactionId: call.transactionId,
      kind,
      token: call.token,
      roundId: call.roundId,
      gameId: call.gameId,
      amount: call.amount,
      referenceTransactionId: call.referenceTransactionId ?? null,
      state,
      attempts: 0,
      nextAttemptAtMs: this.deps.nowMs(),
      createdAtMs: this.deps.nowMs(),
      lastStatus: null,
    };
  }

  /** A win or rollback to commit together with what causes it; `deliver` sends it. */
  pending(kind: 'win' | 'rollback', call: NewCall): Change {
    return { type: 'call', call: this.record(kind, call, 'pending') };
  }

  async balance(token: string): Promise<WalletOutcome> {
    return this.deps.wallet.send('balance', { token, timestamp: this.deps.nowMs() });
  }

  /**
   * Sends a bet. On RS_OK the caller commits `acknowledge(...)` together with the round; a refusal is
   * final; anything else queues the rollback before this returns.
   */
  async bet(call: NewCall): Promise<BetOutcome> {
    const sent = { ...this.record('bet', call, 'sent'), attempts: 1 };
    this.deps.store.commit([{ type: 'call', call: sent }]);
    const outcome = await this.deps.wallet.send('bet', this.bodyOf(sent));
    if (outcome.kind === 'answer' && outcome.answer.status === 'RS_OK')
      return { ok: true, answer: outcome.answer };
    if (outcome.kind === 'answer' && outcome.answer.status !== 'RS_ERROR_UNKNOWN') {
      this.deps.store.commit([this.finished(sent, 'rejected', outcome.answer.status)]);
      return { ok: false, reason: 'refused', answer: outcome.answer };
    }
    this.rollBack(sent, outcome.kind === 'answer' ? outcome.answer.status : outcome.reason);
    return { ok: false, reason: 'unavailable' };
  }

  /** The bet's final record, to commit with the round it opened. */
  acknowledge(transactionId: string, status = 'RS_OK'): Change {
    const call = this.deps.store.call(transactionId);
    if (call === undefined) throw new Error(`unknown wallet call ${transactionId}`);
    return this.finished(call, 'acked', status);
  }

  /** Sends one pending call now. Resolves with the answer once acknowledged, else null. */
  async deliver(transactionId: string): Promise<WalletAnswer | null> {
    const call = this.deps.store.call(transactionId);
    if (call === undefined || call.state !== 'pending' || this.inFlight.has(transactionId)) return null;
    this.inFlight.add(transactionId);
    try {
      const outcome = await this.deps.wallet.send(call.kind, this.bodyOf(call));
      return this.settle(call, outcome);
    } finally {
      this.inFlight.delete(transactionId);
    }
  }

  /** After a restart: a bet that left without a recorded answer may have been booked — roll it back. */
  recover(): void {
    for (const call of this.deps.store.unfinishedCalls()) {
      if (call.state === 'sent') this.rollBack(call, 'NO_ANSWER_BEFORE_RESTART');
    }
  }

  /** One pass over the due calls (the retry loop calls this; tests call it directly). */
  async runDue(): Promise<void> {
    const now = this.deps.nowMs();
    const due = this.deps.store
      .unfinishedCalls()
      .filter((call) => call.state === 'pending' && call.nextAttemptAtMs <= now)
      .slice(0, MAX_CALLS_PER_PASS);
    for (const call of due) await this.deliver(call.transactionId);
  }

  start(pollMs = 1000): void {
    const tick = () => {
      this.pass = this.runDue()
        .catch((error: unknown) => this.deps.log.error({ err: error }, 'wallet retry pass failed'))
        .finally(() => {
          this.pass = null;
          if (this.timer !== null) this.timer = setTimeout(tick, pollMs);
        });
    };
    this.timer = setTimeout(tick, pollMs);
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.pass;
  }

  private rollBack(bet: WalletCallRecord, reason: string): void {
    const rollback = this.pending('rollback', {
      transactionId: `${bet.roundId}-rollback`,
      token: bet.token,
      roundId: bet.roundId,
      gameId: bet.gameId,
      amount: bet.amount,
      referenceTransactionId: bet.transactionId,
    });
    this.deps.store.commit([this.finished(bet, 'rejected', reason), rollback]);
    this.deps.log.warn({ transactionId: bet.transactionId, reason }, 'bet without answer: rolling it back');
    void this.deliver(`${bet.roundId}-rollback`);
  }

  private settle(call: WalletCallRecord, outcome: WalletOutcome): WalletAnswer | null {
    const verdict = verdictOf(call.kind, outcome);
    const status = outcome.kind === 'answer' ? outcome.answer.status : outcome.reason;
    const attempts = call.attempts + 1;
    if (verdict === 'acked' && outcome.kind === 'answer') {
      this.deps.store.commit([this.finished({ ...call, attempts }, 'acked', status)]);
      return outcome.answer;
    }
    const expired = this.deps.nowMs() - call.createdAtMs >= this.policy.maxAgeMs;
    if (verdict === 'rejected' || expired) {
      this.deps.store.commit([this.finished({ ...call, attempts }, 'rejected', status)]);
      this.deps.log.error(
        { transactionId: call.transactionId, kind: call.kind, status, attempts },
        expired ? 'wallet call given up after retrying' : 'wallet call refused by the portal',
      );
      return null;
    }
    const nextAttemptAtMs = this.deps.nowMs() + retryDelayMs(this.policy, attempts);
    this.deps.store.commit([
      { type: 'call', call: { ...call, attempts, nextAttemptAtMs, lastStatus: status } },
    ]);
    return null;
  }

  private finished(call: WalletCallRecord, state: 'acked' | 'rejected', status: string): Change {
    return { type: 'call', call: { ...call, state, lastStatus: status } };
  }

  /** A fresh timestamp on every attempt: the portal refuses stale ones, and replays are matched by id. */
  private bodyOf(call: WalletCallRecord): WalletBody {
    return {
      token: call.token,
      timestamp: this.deps.nowMs(),
      transactionId: call.transactionId,
      roundId: call.roundId,
      gameId: call.gameId,
      amount: call.amount,
      ...(call.referenceTransactionId === null
        ? {}
        : { referenceTransactionId: call.referenceTransactionId }),
    };
  }
}
