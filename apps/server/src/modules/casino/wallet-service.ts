import type { CasinoBalanceCallback, CasinoWalletAnswer, CasinoWalletStatus } from '@backlay/contracts';
import type { Database } from '../../db/database.ts';
import { GroupCommit } from '../../platform/group-commit.ts';
import { readPlayerBalances, type WalletService } from '../wallet/index.ts';
import { findCasinoSession } from './sessions-repo.ts';
import { noBatchesYet, writeCallbacks, type BatchAnswer, type BatchCounts } from './wallet-batch.ts';
import { WalletMemory } from './wallet-memory.ts';
import { answerOf, type MoneyCallback } from './wallet-records.ts';
import type { Callback } from './wallet-request.ts';

export type CasinoWalletDeps = { db: Database; wallet: WalletService; now?: () => number };

/** Callbacks per transaction at most: a long transaction holds its players' rows locked for longer. */
const MAX_BATCH = 256;
/**
 * One batch in flight at a time: callbacks arriving meanwhile make the next batch larger, which costs
 * PostgreSQL a quarter less per callback than two smaller batches in flight, at the same rate and
 * latency (docs/decisions/0201).
 */
const WRITE_LANES = 1;

/**
 * The seamless wallet (docs/decisions/0141, 0182). Money callbacks are group-committed: the ones that
 * arrive while a batch is being written are decided together, in arrival order, and written in one
 * transaction holding their ledger transfers and their casino_transactions rows, so a row exists exactly
 * when its money moved. A batch whose players, tokens and bets earlier batches told it about is decided
 * from memory, without a read, and checked as it commits (0202). Each is answered once its batch committed. A transaction id answers its first
 * answer forever after; the same id with another body is a duplicate.
 */
export class CasinoWallet {
  readonly #now: () => number;
  readonly #batches: GroupCommit<MoneyCallback, BatchAnswer>;
  readonly #counts = noBatchesYet();

  constructor(private readonly deps: CasinoWalletDeps) {
    this.#now = deps.now ?? Date.now;
    const batchDeps = {
      db: deps.db,
      wallet: deps.wallet,
      now: this.#now,
      counts: this.#counts,
      memory: new WalletMemory(),
    };
    this.#batches = new GroupCommit(
      (callbacks) => writeCallbacks(batchDeps, callbacks),
      (_callback, error) => ({ failed: error }),
      MAX_BATCH,
      WRITE_LANES,
    );
  }

  /** Batches and callbacks written so far, and how (benchmarks). */
  get stats(): BatchCounts & GroupCommit<MoneyCallback, BatchAnswer>['stats'] {
    return { ...this.#batches.stats, ...this.#counts };
  }

  async answer(callback: Callback): Promise<CasinoWalletAnswer> {
    if (callback.kind === 'balance') return this.#balance(callback.body);
    const answer = await this.#batches.submit(callback);
    if ('failed' in answer) throw answer.failed;
    return answer;
  }

  /** What a refused callback that named a token answers: that player's cash, if the token is known. */
  async refusal(status: CasinoWalletStatus, token: string | undefined): Promise<CasinoWalletAnswer> {
    const session = token === undefined ? undefined : await findCasinoSession(this.deps.db, token);
    return session ? this.#answerWithCash(status, session.playerId) : answerOf(status, 0n);
  }

  async #balance(body: CasinoBalanceCallback): Promise<CasinoWalletAnswer> {
    const session = await findCasinoSession(this.deps.db, body.token);
    if (!session) return answerOf('RS_ERROR_INVALID_TOKEN', 0n);
    const expired = this.#now() > session.expiresAtMs;
    return this.#answerWithCash(expired ? 'RS_ERROR_TOKEN_EXPIRED' : 'RS_OK', session.playerId);
  }

  async #answerWithCash(status: CasinoWalletStatus, playerId: string): Promise<CasinoWalletAnswer> {
    return answerOf(status, (await readPlayerBalances(this.deps.db, playerId))?.cashMinor ?? 0n);
  }
}
