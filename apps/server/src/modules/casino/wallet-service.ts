import type { CasinoBalanceCallback, CasinoWalletAnswer, CasinoWalletStatus } from '@backlay/contracts';
import type { Database } from '../../db/database.ts';
import type { Bus } from '../../lib/bus.ts';
import { GroupCommit } from '../../platform/group-commit.ts';
import type { AdmissionGate } from '../admission/index.ts';
import { readPlayerBalances, type WalletService } from '../wallet/index.ts';
import { CasinoProviderSwitch } from './admin-provider.ts';
import { findCasinoSession } from './sessions-repo.ts';
import {
  noBatchesYet,
  writeCallbacks,
  type BatchAnswer,
  type BatchCounts,
  type WalletPaths,
} from './wallet-batch.ts';
import { tokenExpired } from './wallet-decide.ts';
import { WalletMemory } from './wallet-memory.ts';
import type { TransactionKind } from './wallet-repo.ts';
import { hashToken } from '../auth/index.ts';
import { RefusalLog, type RefusalCounts, type RefusalLogOptions } from './wallet-refusals.ts';
import { answerOf, kindOf, settledBetId, type MoneyCallback } from './wallet-records.ts';
import type { Callback, CallbackKind, RequestFields } from './wallet-request.ts';

/**
 * Where each rule of the seamless wallet (docs/decisions/0141) lives. Every way a batch is written
 * (wallet-batch.ts: from memory, foreseen, read then written, each callback alone) decides with
 * wallet-decide.ts, and wallet-paths.differential.test.ts holds the ways to the same answers and rows
 * as one callback at a time (docs/decisions/0220).
 *
 * - The token's game, expiry (`tokenExpired`, also for balance callbacks), replays and duplicates
 *   against recorded answers and within a batch, unknown, foreign and rolled-back bets, rollbacks after
 *   a win, a second rollback, each player's callbacks in arrival order: wallet-decide.ts alone.
 * - Twins across batches and processes: the answers readBatch read, decided in wallet-decide.ts; the
 *   ledger's keys and casino_transactions' primary key (SQL) fail a batch that would record an id
 *   twice, and its retry replays it. A batch from memory has read no answers, so it takes only
 *   callbacks it accepts (writeFromMemory, wallet-batch.ts): a refusal writes nothing a key could check.
 * - The provider switched on for bets (docs/decisions/0245): wallet-decide.ts, from the switch this
 *   instance holds (admin-provider.ts), which hears the bus.
 * - An active player for bets: the admission gate (modules/admission, 0231), asked in wallet-decide.ts,
 *   and the status this batch read or remembered. A batch from
 *   memory that refuses a bet is read afresh (a reactivation since), and casino_write_foreseen checks
 *   that its bettors are still active (a suspension since).
 * - Funds: the ledger (SQL) decides. wallet-foresee.ts predicts it only to choose the write in one
 *   call; casino_write_foreseen fails a batch whose cash is not as foreseen, which is then written again
 *   the ordinary way.
 * - A bet settled from memory: casino_settle_unlocked (SQL) settles it only if it stands as remembered.
 * - Rollbacks always read: a reversal needs the bet's transfer id, which a bet placed from foresight
 *   lacks in memory (WalletMemory.recall), and cannot be foreseen (wallet-foresee.ts).
 * - The cash each answer reports: wallet-cash.ts, for both writes.
 * - The console's record of refusals (docs/decisions/0254): wallet-refusals.ts, once answered, off the
 *   batch; the wallet never reads it, so a second try of a refused id is still decided anew.
 */

export type CasinoWalletDeps = {
  db: Database;
  wallet: WalletService;
  now?: () => number;
  /** Whether a player may stake: the instance's admission gate, which hears the bus (0231). */
  admission: AdmissionGate;
  /** Where this instance hears that the provider switch moved (0245); none: it is read once. */
  bus?: Pick<Bus, 'subscribe'>;
  /** The ways a batch may be written (wallet-batch.ts): `all` unless a test or the operator says. */
  paths?: WalletPaths;
  /** The record of refusals' bounds (wallet-refusals.ts), for tests. */
  refusals?: RefusalLogOptions;
};

const KIND_OF = { bet: 'BET', win: 'WIN', rollback: 'ROLLBACK' } as const;

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
  readonly #refusals: RefusalLog;
  /** The provider switch as this instance holds it: bets, and launches (launch-service.ts). */
  readonly provider: CasinoProviderSwitch;

  constructor(private readonly deps: CasinoWalletDeps) {
    this.#now = deps.now ?? Date.now;
    this.provider = new CasinoProviderSwitch(deps.db, deps.bus);
    this.#refusals = new RefusalLog(deps.db, deps.refusals);
    const batchDeps = {
      db: deps.db,
      wallet: deps.wallet,
      now: this.#now,
      counts: this.#counts,
      memory: new WalletMemory(),
      paths: deps.paths ?? 'all',
      admission: deps.admission,
      provider: this.provider,
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

  /** Refusals recorded, dropped for want of room, and lost to a failed write. */
  get refusalCounts(): RefusalCounts {
    return this.#refusals.counts;
  }

  /** Resolves once every refusal answered so far is recorded (tests, shutdown). */
  refusalsRecorded(): Promise<void> {
    return this.#refusals.idle();
  }

  async answer(callback: Callback): Promise<CasinoWalletAnswer> {
    if (callback.kind === 'balance') return this.#balance(callback.body);
    const answer = await this.#batches.submit(callback);
    if ('failed' in answer) throw answer.failed;
    // Every accepted callback and every replay of one answers RS_OK; anything else was refused.
    if (answer.status !== 'RS_OK')
      this.#recordRefusal(callback.body.token, kindOf(callback), answer, {
        transactionId: callback.body.transactionId,
        roundId: callback.body.roundId,
        referenceTransactionId: settledBetId(callback),
        amountMinor: callback.amountMinor,
      });
    return answer;
  }

  /**
   * What a refused callback that named a token answers: that player's cash, if the token is known.
   * A refused money callback is recorded with what its body carried (`fields`).
   */
  async refusal(
    status: CasinoWalletStatus,
    token: string | undefined,
    request?: { kind: CallbackKind; fields?: RequestFields },
  ): Promise<CasinoWalletAnswer> {
    const session = token === undefined ? undefined : await findCasinoSession(this.deps.db, token);
    const answer = session ? await this.#answerWithCash(status, session.playerId) : answerOf(status, 0n);
    if (session && token !== undefined && request?.fields && request.kind !== 'balance') {
      this.#recordRefusal(token, KIND_OF[request.kind], answer, request.fields);
    }
    return answer;
  }

  #recordRefusal(token: string, kind: TransactionKind, answer: CasinoWalletAnswer, fields: RequestFields) {
    this.#refusals.record({ tokenHash: hashToken(token), kind, answer, atMs: this.#now(), ...fields });
  }

  async #balance(body: CasinoBalanceCallback): Promise<CasinoWalletAnswer> {
    const session = await findCasinoSession(this.deps.db, body.token);
    if (!session) return answerOf('RS_ERROR_INVALID_TOKEN', 0n);
    const status = tokenExpired(session, this.#now()) ? 'RS_ERROR_TOKEN_EXPIRED' : 'RS_OK';
    return this.#answerWithCash(status, session.playerId);
  }

  async #answerWithCash(status: CasinoWalletStatus, playerId: string): Promise<CasinoWalletAnswer> {
    return answerOf(status, (await readPlayerBalances(this.deps.db, playerId))?.cashMinor ?? 0n);
  }
}
