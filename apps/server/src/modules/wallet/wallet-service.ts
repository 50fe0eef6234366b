import { randomUUID } from 'node:crypto';
import { SYSTEM_ACCOUNT_IDS, minorToNumber, playerCashAccountId, type LedgerRequest } from '@backlay/ledger';
import type { Database } from '../../db/database.ts';
import type { Bus } from '../../lib/bus.ts';
import { afterCommit, inTransaction, sqlFor, transaction } from '../../platform/transaction.ts';
import { changesFromBalances, type BalanceChange } from './ledger-codec.ts';
import { SqlLedger, type LedgerOutcome } from './sql-ledger.ts';
import { readPlayerBalances } from './state.ts';

export const balanceTopic = (playerId: string) => `balance:${playerId}`;

/** What the bus carries for a balance change: minor units as strings, and the ordering version. */
export type BalanceEvent = { cashMinor: string; exposureMinor: string; version: number };

/** 1,500.00 points for every demo player. */
export const DEMO_CREDIT_MINOR = 150_000n;

export type CashDeskInput = {
  playerId: string;
  amountMinor: bigint;
  remark: string;
  /** Operator-chosen key (Idempotency-Key header) so a retried request cannot move money twice. */
  idempotencyKey?: string;
};

export type CashDeskOutcome =
  | { ok: true; cashMinor: bigint; exposureMinor: bigint; transferId: number; replayed: boolean }
  | { ok: false; code: string; message: string };

/** One hold's new total for `setHolds`. */
export type HoldTargetItem = {
  holdId: string;
  playerId: string;
  amountMinor: bigint;
  remark: string;
  reference: string;
};
/** What `ledger_set_holds` answers: the touched players' balances and the last transfer id. */
export type SetHoldsAnswer = { balances: Record<string, string>; version: number | string };

/** Hold targets as `ledger_set_holds` reads them (amounts as decimal strings). */
export const holdItemsJson = (items: readonly HoldTargetItem[]) =>
  items.map((item) => ({
    holdId: item.holdId,
    playerId: item.playerId,
    amount: item.amountMinor.toString(),
    remark: item.remark,
    reference: item.reference,
  }));

/** The money side of the portal: the SQL ledger plus publishing committed balance changes. */
export class WalletService {
  readonly ledger: SqlLedger;

  constructor(
    readonly db: Database,
    readonly bus: Bus,
  ) {
    this.ledger = new SqlLedger(db);
  }

  /**
   * Runs one ledger operation: inside the unit of work in progress (platform/transaction.ts) when there
   * is one, else in its own transaction. The balance changes are published once it has committed.
   */
  async execute(request: LedgerRequest): Promise<LedgerOutcome> {
    const outcome = inTransaction(this.db)
      ? await this.ledger.execute(request, sqlFor(this.db))
      : await this.ledger.execute(request);
    afterCommit(() => this.#publish(outcome.changes));
    return outcome;
  }

  /**
   * Runs many ledger operations in one unit of work (the one in progress, else a new one), answered in
   * order; plain transfers take one round trip together (docs/decisions/0174). Balance changes are
   * published once it has committed.
   */
  async executeMany(requests: readonly LedgerRequest[]): Promise<LedgerOutcome[]> {
    if (requests.length === 0) return [];
    return transaction(
      this.db,
      async (tx) => {
        const outcomes = await this.ledger.executeMany(requests, tx);
        afterCommit(() => {
          for (const outcome of outcomes) this.#publish(outcome.changes);
        });
        return outcomes;
      },
      { retryRaces: true },
    );
  }

  /**
   * Publishes, once the unit of work in progress has committed, the balance changes of outcomes its
   * caller posted through `ledger` directly (without waiting for them in the unit).
   */
  publishAfterCommit(outcomes: Promise<readonly LedgerOutcome[]>): void {
    afterCommit(async () => {
      for (const outcome of await outcomes) this.#publish(outcome.changes);
    });
  }

  /**
   * Sets many exposure holds to new totals in one statement (docs/decisions/0136), inside the unit of
   * work in progress. A hold that would overdraw its player fails the statement (the accounts' check),
   * so the whole unit rolls back. The players' new balances are published after its commit.
   */
  async setHolds(key: string, items: readonly HoldTargetItem[]): Promise<BalanceChange[]> {
    if (items.length === 0) return [];
    const [row] = await sqlFor(this.db).query<{ r: SetHoldsAnswer }>(
      'SELECT ledger_set_holds($1, $2::jsonb) AS r',
      [key, JSON.stringify(holdItemsJson(items))],
    );
    if (!row) throw new Error('ledger_set_holds answered nothing');
    return this.holdsWritten(row.r);
  }

  /**
   * The balances a `ledger_set_holds` call answered (also from inside another SQL function), published
   * once its transaction has committed; null when no hold was set.
   */
  holdsWritten(answer: SetHoldsAnswer | null): BalanceChange[] {
    if (!answer) return [];
    const changes = changesFromBalances(answer.balances, Number(answer.version));
    afterCommit(() => this.#publish(changes));
    return changes;
  }

  #publish(changes: readonly BalanceChange[]): void {
    for (const change of changes) {
      const event: BalanceEvent = {
        cashMinor: change.cashMinor.toString(),
        exposureMinor: change.exposureMinor.toString(),
        version: change.version,
      };
      // Delivery is best-effort; sockets read the balance afresh on every connect.
      this.bus.publish(balanceTopic(change.playerId), JSON.stringify(event)).catch(() => {});
    }
  }

  async openPlayer(playerId: string): Promise<void> {
    await this.ledger.openPlayer(playerId, sqlFor(this.db));
  }

  /**
   * Opens a new player's accounts. Demo players, and the seeded demo player so that the known demo
   * sign-in has play money, get 1,500.00 through the ledger under a per-player key (never paid twice).
   */
  async onPlayerCreated(playerId: string, reason: 'demo' | 'operator' | 'seed'): Promise<void> {
    await this.openPlayer(playerId);
    if (reason === 'operator') return;
    await this.execute(depositRequest(playerId, DEMO_CREDIT_MINOR, 'Demo credit', `demo-credit:${playerId}`));
  }

  deposit(input: CashDeskInput): Promise<CashDeskOutcome> {
    return this.#cashDesk('DEPOSIT', input);
  }

  withdraw(input: CashDeskInput): Promise<CashDeskOutcome> {
    return this.#cashDesk('WITHDRAW', input);
  }

  async balances(playerId: string) {
    return readPlayerBalances(this.db, playerId);
  }

  async #cashDesk(kind: 'DEPOSIT' | 'WITHDRAW', input: CashDeskInput): Promise<CashDeskOutcome> {
    const key = input.idempotencyKey ?? `desk:${randomUUID()}`;
    const request =
      kind === 'DEPOSIT'
        ? depositRequest(input.playerId, input.amountMinor, input.remark, key)
        : withdrawRequest(input.playerId, input.amountMinor, input.remark, key);
    const outcome = await this.execute(request);
    if (!outcome.result.ok) return outcome.result;
    const transfer = outcome.result.transfers[0];
    const change = outcome.changes.find((candidate) => candidate.playerId === input.playerId);
    const current = change ?? (await readPlayerBalances(sqlFor(this.db), input.playerId));
    return {
      ok: true,
      cashMinor: current?.cashMinor ?? 0n,
      exposureMinor: current?.exposureMinor ?? 0n,
      transferId: transfer?.id ?? 0,
      replayed: outcome.replayed,
    };
  }
}

export function depositRequest(
  playerId: string,
  amountMinor: bigint,
  remark: string,
  key: string,
): LedgerRequest {
  return {
    op: 'transfer',
    idempotencyKey: key,
    debitAccountId: SYSTEM_ACCOUNT_IDS.OPERATOR_FUNDING,
    creditAccountId: playerCashAccountId(playerId),
    amountMinor,
    kind: 'DEPOSIT',
    remark,
    reference: '',
  };
}

export function withdrawRequest(
  playerId: string,
  amountMinor: bigint,
  remark: string,
  key: string,
): LedgerRequest {
  return {
    op: 'transfer',
    idempotencyKey: key,
    debitAccountId: playerCashAccountId(playerId),
    creditAccountId: SYSTEM_ACCOUNT_IDS.OPERATOR_FUNDING,
    amountMinor,
    kind: 'WITHDRAW',
    remark,
    reference: '',
  };
}

/** The socket edge: the one place money becomes a JS number. */
export function socketPrice(event: { cashMinor: bigint; exposureMinor: bigint }) {
  return {
    price: true as const,
    money: minorToNumber(event.cashMinor),
    exposure: minorToNumber(event.exposureMinor),
  };
}
