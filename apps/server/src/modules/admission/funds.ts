/** How long a player's cash read from the database is trusted before it is read again. */
export const CASH_FRESH_MS = 1_000;

type Cash = { cashMinor: bigint; readAtMs: number; version: number };

/** A player's cash and holds as the ledger reported them after a commit. */
export type MoneyAfter = { cashMinor: bigint; exposureMinor: bigint };

/**
 * What a player can still commit, in memory (docs/decisions/0131): the cash last read or committed,
 * less the exposure growth of commands applied but not yet committed. Orders of one player on several
 * markets go through here one after the other, so a burst can never promise the same money twice. The
 * database's own guard (cash never below zero) stays the last word.
 */
export class Funds {
  readonly #cash = new Map<string, Cash>();
  readonly #pending = new Map<string, bigint>();
  /**
   * Loss limits' floors as last read (docs/decisions/0235): the cash a stake may not take the player
   * below. Commits leave a floor as it is; whatever moves one (a limit, the cash desk, a new period)
   * announces the player's standing changed, and the gate forgets the cash so both are read again.
   */
  readonly #floors = new Map<string, bigint>();
  /** The player's holds (exposure) as last read or committed, for exposure limits (0292). */
  readonly #held = new Map<string, bigint>();
  /** Counts what was learned, so a reply can tell the cash its own batch reported from an older one. */
  #learned = 0;

  constructor(private readonly nowMs: () => number) {}

  isFresh(playerId: string): boolean {
    const cash = this.#cash.get(playerId);
    return cash !== undefined && this.nowMs() - cash.readAtMs <= CASH_FRESH_MS;
  }

  /** The cash as read from the database or reported by the ledger after a commit. */
  learn(playerId: string, cashMinor: bigint): void {
    this.#learned += 1;
    this.#cash.set(playerId, { cashMinor, readAtMs: this.nowMs(), version: this.#learned });
  }

  /** How much has been learned so far: `moneyLearnedSince` takes it. */
  get learned(): number {
    return this.#learned;
  }

  /**
   * The player's cash and holds when learned after `learned` was read (by the batch a command went
   * into), else undefined: what a market's owner tells the player's home with its answer (docs/decisions/0315).
   */
  moneyLearnedSince(playerId: string, learned: number): MoneyAfter | undefined {
    const cash = this.#cash.get(playerId);
    if (!cash || cash.version <= learned) return undefined;
    return { cashMinor: cash.cashMinor, exposureMinor: this.#held.get(playerId) ?? 0n };
  }

  /** The holds read with the cash or reported after a commit. */
  learnExposure(playerId: string, exposureMinor: bigint): void {
    this.#held.set(playerId, exposureMinor);
  }

  /** The player's exposure with what commands applied but not yet committed add to it. */
  exposureMinor(playerId: string): bigint {
    return (this.#held.get(playerId) ?? 0n) + (this.#pending.get(playerId) ?? 0n);
  }

  /** The floor read with the cash: null when the player has no loss limit. */
  learnFloor(playerId: string, floorMinor: bigint | null): void {
    if (floorMinor === null) this.#floors.delete(playerId);
    else this.#floors.set(playerId, floorMinor);
  }

  /** What the player's loss limits still allow them to stake; null without one. */
  lossRoomMinor(playerId: string): bigint | null {
    const floorMinor = this.#floors.get(playerId);
    return floorMinor === undefined ? null : this.availableMinor(playerId) - floorMinor;
  }

  /** Synchronous on purpose: checking and reserving happen in one turn of the event loop. */
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
   * A batch is over: its exposure changes leave the pending sum, and where it committed, the cash and
   * holds the ledger reported after it replace what was known.
   */
  settle(deltas: ReadonlyMap<string, bigint>, after: ReadonlyMap<string, MoneyAfter>): void {
    for (const [playerId, deltaMinor] of deltas) this.reserve(playerId, -deltaMinor);
    for (const [playerId, money] of after) {
      this.learn(playerId, money.cashMinor);
      this.learnExposure(playerId, money.exposureMinor);
    }
  }

  /** Forgets a player's cash so the next order reads it again (after a failed batch). */
  forget(playerId: string): void {
    this.#cash.delete(playerId);
  }
}
