import {
  checkKey,
  fingerprintOf,
  isValidPlayerId,
  playerCashAccountId,
  playerHoldAccountId,
  type LedgerCode,
  type LedgerOk,
  type LedgerRequest,
  type Transfer,
  type TransferRequest,
  validateRequest,
} from '@backlay/ledger';
import type { Database, Sql } from '../../db/database.ts';
import { changesFromBalances, decodeResult, type ResultJson } from './ledger-codec.ts';
import { applyGeneric, previousOutcome, rejected, type LedgerOutcome } from './sql-ops.ts';

export type { LedgerOutcome } from './sql-ops.ts';

// unique_violation (a concurrent duplicate key or hold id), serialization failure, deadlock.
const RETRYABLE = new Set(['23505', '40001', '40P01']);
const MAX_ATTEMPTS = 4;

/**
 * The ledger in PostgreSQL/PGlite, answering exactly what ReferenceLedger answers (same codes, same
 * transfers modulo ids). Plain transfers are one statement (ledger_transfer); the other operations plan
 * their legs with the package's planners inside one transaction.
 */
export class SqlLedger {
  constructor(private readonly db: Database) {}

  /** Opens the player's cash and hold accounts; opening twice changes nothing. */
  async openPlayer(playerId: string, sql: Sql = this.db): Promise<void> {
    if (!isValidPlayerId(playerId)) throw new Error(`invalid player id ${playerId}`);
    await sql.query(
      `INSERT INTO accounts (account_id, kind, player_id)
       VALUES ($1, 'PLAYER_CASH', $3), ($2, 'PLAYER_HOLD', $3) ON CONFLICT (account_id) DO NOTHING`,
      [playerCashAccountId(playerId), playerHoldAccountId(playerId), playerId],
    );
  }

  /**
   * Runs one operation. With `tx` it joins the caller's transaction (the caller publishes the changes
   * after its commit and must retry the whole transaction on a unique violation); without, it runs in
   * its own transaction and retries races itself.
   */
  async execute(request: LedgerRequest, tx?: Sql): Promise<LedgerOutcome> {
    if (checkKey(request.idempotencyKey)) return rejected('INVALID_KEY');
    const fingerprint = fingerprintOf(request);
    if (tx) return this.#attempt(request, fingerprint, tx);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.#attempt(request, fingerprint);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= MAX_ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
      }
    }
  }

  async #attempt(request: LedgerRequest, fingerprint: string, tx?: Sql): Promise<LedgerOutcome> {
    // Same order as the reference: a known key answers before the body is judged.
    const invalid = validateRequest(request);
    if (invalid) return (await previousOutcome(tx ?? this.db, request, fingerprint)) ?? rejected(invalid);
    if (request.op === 'transfer') return this.#transfer(tx ?? this.db, request, fingerprint);
    if (tx) return applyGeneric(tx, request, fingerprint);
    return this.db.transaction((own) => applyGeneric(own, request, fingerprint));
  }

  /**
   * Many operations inside the caller's transaction `tx`, answered in order, as `execute` would answer
   * each in turn. Valid plain transfers go to the database in one call (ledger_transfers); anything
   * else takes the one-by-one path. The caller publishes the changes after its commit.
   */
  async executeMany(requests: readonly LedgerRequest[], tx: Sql): Promise<LedgerOutcome[]> {
    const answers: (LedgerOutcome | undefined)[] = new Array(requests.length);
    const batched: { index: number; request: TransferRequest }[] = [];
    for (const [index, request] of requests.entries()) {
      if (isPlainTransfer(request)) batched.push({ index, request });
    }
    if (batched.length > 0) {
      const outcomes = await this.#transfers(this.oneCall(batched.map((entry) => entry.request))!, tx);
      batched.forEach((entry, i) => (answers[entry.index] = outcomes[i]));
    }
    for (const [index, request] of requests.entries()) {
      answers[index] ??= await this.execute(request, tx);
    }
    return answers as LedgerOutcome[];
  }

  /**
   * Valid plain transfers as the items of one ledger_transfers call that a caller's own SQL function
   * makes, and how to read the rows it answers; null when any request is something else.
   */
  oneCall(requests: readonly LedgerRequest[]): LedgerCall | null {
    const transfers: TransferRequest[] = [];
    for (const request of requests) {
      if (!isPlainTransfer(request)) return null;
      transfers.push(request);
    }
    return {
      items: JSON.stringify(transfers.map((request) => transferItem(request, fingerprintOf(request)))),
      read: (rows) => {
        const outcomes: LedgerOutcome[] = new Array(transfers.length);
        for (const row of rows) outcomes[row.ord] = fromRow(transfers[row.ord]!, row);
        return outcomes;
      },
    };
  }

  async #transfers(call: LedgerCall, tx: Sql): Promise<LedgerOutcome[]> {
    const rows = await tx.query<LedgerCallRow>(
      'SELECT ord, code, replay, transfer_id, balances FROM ledger_transfers($1::jsonb)',
      [call.items],
    );
    return call.read(rows);
  }

  async #transfer(sql: Sql, request: TransferRequest, fingerprint: string): Promise<LedgerOutcome> {
    const [row] = await sql.query<TransferRow>(
      'SELECT code, replay, transfer_id, balances FROM ledger_transfer($1, $2, $3, $4, $5, $6, $7, $8)',
      [
        request.idempotencyKey,
        fingerprint,
        request.debitAccountId,
        request.creditAccountId,
        request.amountMinor,
        request.kind,
        request.remark,
        request.reference,
      ],
    );
    if (!row) throw new Error('ledger_transfer answered nothing');
    return fromRow(request, row);
  }
}

/** A transfer ledger_transfers takes: valid, under a valid key (else it goes the one-by-one way). */
const isPlainTransfer = (request: LedgerRequest): request is TransferRequest =>
  request.op === 'transfer' && !checkKey(request.idempotencyKey) && !validateRequest(request);

const transferItem = (request: TransferRequest, fingerprint: string) => ({
  key: request.idempotencyKey,
  fingerprint,
  debit: request.debitAccountId,
  credit: request.creditAccountId,
  amount: request.amountMinor.toString(),
  kind: request.kind,
  remark: request.remark,
  reference: request.reference,
});

type TransferRow = {
  code: LedgerCode | null;
  replay: ResultJson | null;
  transfer_id: bigint | null;
  balances: Record<string, string> | null;
};

/** One row ledger_transfers answers: the outcome of the item at `ord`. */
export type LedgerCallRow = TransferRow & { ord: number };

/** The JSON items of one ledger_transfers call, and the reading of its rows as outcomes, in order. */
export type LedgerCall = { items: string; read(rows: readonly LedgerCallRow[]): LedgerOutcome[] };

/** The function answers only the new id; the rest of the transfer is the request itself. */
function fromRow(request: TransferRequest, row: TransferRow): LedgerOutcome {
  if (row.code) return rejected(row.code);
  if (row.replay) return { result: decodeResult(row.replay), replayed: true, changes: [] };
  if (row.transfer_id === null) throw new Error('ledger_transfer answered no transfer');
  const id = Number(row.transfer_id);
  const transfer: Transfer = Object.freeze({
    id,
    idempotencyKey: `${request.idempotencyKey}#0`,
    debitAccountId: request.debitAccountId,
    creditAccountId: request.creditAccountId,
    amountMinor: request.amountMinor,
    kind: request.kind,
    remark: request.remark,
    reference: request.reference,
    holdId: null,
    reversesTransferId: null,
  });
  const result: LedgerOk = Object.freeze({ ok: true, transfers: Object.freeze([transfer]), hold: null });
  return { result, replayed: false, changes: changesFromBalances(row.balances ?? {}, id) };
}
