import { playerCashAccountId } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';

/** How long a player's cash read from the database is trusted before it is read again. */
export const CASH_FRESH_MS = 1_000;

type Cash = { cashMinor: bigint; readAtMs: number };

/**
 * Decides in memory whether a player can afford a new order (docs/decisions/0131): the cash last read or
 * committed, less the exposure growth of commands applied but not yet committed. Orders of one player
 * on several markets go through here one after the other, so a burst can never promise the same money
 * twice. The database's own guard (cash never below zero) stays the last word.
 */
export class FundsGate {
  readonly #cash = new Map<string, Cash>();
  readonly #pending = new Map<string, bigint>();

  constructor(
    private readonly sql: Sql,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** Reads the player's cash unless a fresh enough figure is known. */
  async refresh(playerId: string): Promise<void> {
    const cash = this.#cash.get(playerId);
    if (cash && this.nowMs() - cash.readAtMs <= CASH_FRESH_MS) return;
    const [row] = await this.sql.query<{ balance_minor: bigint | string }>(
      'SELECT balance_minor FROM accounts WHERE account_id = $1',
      [playerCashAccountId(playerId)],
    );
    this.#cash.set(playerId, { cashMinor: row ? BigInt(row.balance_minor) : 0n, readAtMs: this.nowMs() });
  }

  /**
   * What the player can still commit, after `refresh`. Synchronous on purpose: checking and reserving
   * happen in one turn of the event loop, so two orders cannot both spend the same money.
   */
  availableMinor(playerId: string): bigint {
    const cashMinor = this.#cash.get(playerId)?.cashMinor ?? 0n;
    return cashMinor - (this.#pending.get(playerId) ?? 0n);
  }

  /** Exposure changed by a command that is not committed yet (negative: a hedge frees money). */
  reserve(playerId: string, deltaMinor: bigint): void {
    if (deltaMinor === 0n) return;
    const next = (this.#pending.get(playerId) ?? 0n) + deltaMinor;
    if (next === 0n) this.#pending.delete(playerId);
    else this.#pending.set(playerId, next);
  }

  /**
   * A batch is over: its exposure changes leave the pending sum, and where it committed, the cash the
   * ledger reported after it replaces what was known.
   */
  settle(deltas: ReadonlyMap<string, bigint>, cashAfter: ReadonlyMap<string, bigint>): void {
    for (const [playerId, deltaMinor] of deltas) this.reserve(playerId, -deltaMinor);
    const nowMs = this.nowMs();
    for (const [playerId, cashMinor] of cashAfter) this.#cash.set(playerId, { cashMinor, readAtMs: nowMs });
  }

  /** Forgets a player's cash so the next order reads it again (after a failed batch). */
  forget(playerId: string): void {
    this.#cash.delete(playerId);
  }
}
