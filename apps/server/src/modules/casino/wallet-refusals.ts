import type { CasinoWalletAnswer } from '@backlay/contracts';
import type { Database } from '../../db/database.ts';
import { GroupCommit } from '../../platform/group-commit.ts';
import type { TransactionKind } from './wallet-repo.ts';

/**
 * The record of refused money callbacks (docs/decisions/0254). A refusal is recorded after it was
 * answered, off the callback's path: the wallet hands it over without waiting, and a writer of its
 * own group-commits what piles up while its last insert runs, in one statement each (one round trip
 * per batch of refusals, none per callback; a money transaction never carries them). It moves no
 * money and writes nothing the wallet reads, so a refusal lost (the writer failing, or more waiting
 * than the writer may hold) costs the console a line, never an answer or a balance.
 */

/** A refused callback as the wallet saw it; fields the request carried unreadably are null. */
export type RefusedCallback = {
  /** SHA-256 of the launch token: only tokens of known sessions are recorded. */
  tokenHash: string;
  kind: TransactionKind;
  transactionId: string | null;
  roundId: string | null;
  referenceTransactionId: string | null;
  amountMinor: bigint | null;
  answer: CasinoWalletAnswer;
  atMs: number;
};

export type RefusalCounts = { recorded: number; dropped: number; failed: number };

export type RefusalLogOptions = {
  /**
   * Rows kept: each write deletes the ones older than the newest this many, counting its own (which
   * the next write prunes, so the table holds at most this many and one batch).
   */
  keepRows?: number;
  /** Refusals waiting for the writer at most; more are dropped (and counted). */
  maxWaiting?: number;
};

/** About 30 MB of rows: weeks of an aggregator's ordinary refusals, minutes of a flood. */
export const KEEP_REFUSALS = 100_000;
const MAX_WAITING = 10_000;
const MAX_BATCH = 500;

export class RefusalLog {
  readonly #writes: GroupCommit<RefusedCallback, boolean>;
  readonly #maxWaiting: number;
  #waiting = 0;
  readonly #counts: RefusalCounts = { recorded: 0, dropped: 0, failed: 0 };

  constructor(db: Database, options: RefusalLogOptions = {}) {
    const keepRows = options.keepRows ?? KEEP_REFUSALS;
    this.#maxWaiting = options.maxWaiting ?? MAX_WAITING;
    this.#writes = new GroupCommit(
      async (refusals) => {
        await writeRefusals(db, refusals, keepRows);
        return refusals.map(() => true);
      },
      () => false,
      MAX_BATCH,
      1,
    );
  }

  get counts(): RefusalCounts {
    return { ...this.#counts };
  }

  /** Queues the refusal for the writer; returns at once. */
  record(refusal: RefusedCallback): void {
    if (this.#waiting >= this.#maxWaiting) {
      this.#counts.dropped += 1;
      return;
    }
    this.#waiting += 1;
    void this.#writes.submit(refusal).then((written) => {
      this.#waiting -= 1;
      this.#counts[written ? 'recorded' : 'failed'] += 1;
    });
  }

  /** Resolves once every refusal handed over so far was written (or failed). */
  async idle(): Promise<void> {
    await this.#writes.idle();
  }
}

/**
 * One statement: the refusals whose token names a session, in the order given, then the rows older
 * than the newest `keepRows` deleted (a range of the primary key, so only the few rows over the
 * bound are touched). The delete sees the table as the statement began, so the rows inserted are
 * counted but not deleted here.
 */
async function writeRefusals(db: Database, refusals: readonly RefusedCallback[], keepRows: number) {
  const given = refusals.map((refusal, ord) => ({
    ord,
    token_hash: refusal.tokenHash,
    kind: refusal.kind,
    transaction_id: refusal.transactionId,
    round_id: refusal.roundId,
    reference_transaction_id: refusal.referenceTransactionId,
    amount_minor: refusal.amountMinor?.toString() ?? null,
    answer: refusal.answer,
    at: new Date(refusal.atMs).toISOString(),
  }));
  await db.query(
    `WITH written AS (
       INSERT INTO casino_refusals (session_id, player_id, game_id, kind, transaction_id, round_id,
                                    reference_transaction_id, amount_minor, answer, created_at)
       SELECT s.id, s.player_id, s.game_id, g.kind, g.transaction_id, g.round_id,
              g.reference_transaction_id, g.amount_minor::bigint, g.answer, g.at
         FROM jsonb_to_recordset($1::jsonb) AS g(ord int, token_hash text, kind text, transaction_id text,
              round_id text, reference_transaction_id text, amount_minor text, answer jsonb, at timestamptz)
         JOIN casino_sessions s ON s.token_hash = g.token_hash
        ORDER BY g.ord
       RETURNING id)
     DELETE FROM casino_refusals WHERE id <= (SELECT max(id) FROM written) - $2::bigint`,
    [JSON.stringify(given), keepRows],
  );
}
