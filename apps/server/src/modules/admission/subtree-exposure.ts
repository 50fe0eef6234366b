import type { Sql } from '../../db/database.ts';
import type { SubtreeExposureRow } from './standing-reads.ts';

/** How long the subtrees' exposure read from the database is trusted before it is read again. */
export const SUBTREE_FRESH_MS = 1_000;

type Limited = { limitMinor: bigint; exposureMinor: bigint };

/**
 * The exposure of each agent's subtree whose exposure is limited (docs/decisions/0292, 0321), in
 * memory: read for all such agents in one statement at most once a second, plus what every instance
 * admitted since the read began, this one's at once and the others' as the bus brings them. So a
 * subtree passes its limit only by what two instances admit within the bus's delivery time, and by
 * stakes whose batch had not committed when a read took its snapshot; decreases show at the next read.
 */
export class SubtreeExposures {
  #limited = new Map<string, Limited>();
  #admitted = new Map<string, bigint>();
  #readAtMs = -Infinity;
  #reading: Promise<void> | null = null;
  /** Limit changes heard: a read that overlapped one may hold an old limit, so it is not trusted. */
  #changes = 0;

  constructor(
    private readonly read: (sql: Sql) => Promise<SubtreeExposureRow[]>,
    private readonly nowMs: () => number,
  ) {}

  isStale(): boolean {
    return this.nowMs() - this.#readAtMs > SUBTREE_FRESH_MS;
  }

  /** Reads every limited subtree again; calls meanwhile share the one read. */
  refresh(sql: Sql): Promise<void> {
    return (this.#reading ??= this.#refresh(sql).finally(() => (this.#reading = null)));
  }

  /** What the tightest of these agents' limits still allows; null when none of them is limited. */
  roomMinor(agentIds: readonly string[]): bigint | null {
    let least: bigint | null = null;
    for (const id of agentIds) {
      const limited = this.#limited.get(id);
      if (!limited) continue;
      const room = limited.limitMinor - limited.exposureMinor - (this.#admitted.get(id) ?? 0n);
      if (least === null || room < least) least = room;
    }
    return least;
  }

  /**
   * A stake admitted here, or on another instance as its announcement says, adds to the exposure of
   * every limited subtree it sits in until the next read.
   */
  admitted(agentIds: readonly string[], amountMinor: bigint): void {
    for (const id of agentIds) this.#admitted.set(id, (this.#admitted.get(id) ?? 0n) + amountMinor);
  }

  /** A limit changed: the next stake under a limited agent reads them all again. */
  forget(): void {
    this.#changes += 1;
    this.#readAtMs = -Infinity;
  }

  async #refresh(sql: Sql): Promise<void> {
    const startedAtMs = this.nowMs();
    const changes = this.#changes;
    const before = this.#admitted;
    // Stakes admitted from now on may commit after the read's snapshot: they count on top of it.
    this.#admitted = new Map();
    try {
      const rows = await this.read(sql);
      this.#limited = new Map(
        rows.map((row) => [
          row.id,
          { limitMinor: BigInt(row.exposure_limit_minor), exposureMinor: BigInt(row.exposure_minor) },
        ]),
      );
      if (this.#changes === changes) this.#readAtMs = startedAtMs;
    } catch (error) {
      for (const [id, amount] of before) this.admitted([id], amount);
      throw error;
    }
  }
}
