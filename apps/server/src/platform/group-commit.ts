/**
 * Group commit (docs/decisions/0150, 0182): callers hand in work they want made durable; everything
 * handed in while a batch is being written goes into the next batch, written by one call (one
 * transaction) each. Each item is answered only once its batch committed, so an acknowledged command
 * survives any restart, and a burst of a thousand costs a handful of transactions. Used by the table
 * games (bets, cash-outs) and the casino seamless wallet (callbacks).
 */
export class GroupCommit<Item, Answer> {
  #next: { item: Item; resolve: (answer: Answer) => void }[] = [];
  readonly #lanes = new Set<Promise<void>>();
  #opening = false;
  readonly #stats = { batches: 0, items: 0, writeMs: 0 };

  constructor(
    /** Writes one batch in one transaction; answers one answer per item, in order. */
    private readonly write: (items: Item[]) => Promise<Answer[]>,
    /** The answer for each item of a batch whose transaction failed. */
    private readonly failed: (item: Item, error: unknown) => Answer,
    /** Items per transaction at most: a long transaction holds its players' rows locked for longer. */
    private readonly maxBatch = 100,
    /**
     * Batches written at once. One keeps batches strictly in order; two let the next batch do its reads
     * and writes while the last one waits for its commit, for writers that cope with a concurrent twin.
     */
    private readonly lanes = 1,
  ) {}

  submit(item: Item): Promise<Answer> {
    return new Promise((resolve) => {
      this.#next.push({ item, resolve });
      this.#open();
    });
  }

  /** Batches written so far, the items they held, and the time spent writing them (benchmarks). */
  get stats(): { batches: number; items: number; writeMs: number } {
    return { ...this.#stats };
  }

  /** Resolves once nothing is waiting to be written (phase changes wait for it). */
  async idle(): Promise<void> {
    while (this.#lanes.size > 0) await Promise.all(this.#lanes);
  }

  #open(): void {
    if (this.#opening || this.#lanes.size >= this.lanes) return;
    this.#opening = true;
    // Items submitted in the same turn of the event loop join the lane's first batch.
    const lane: Promise<void> = new Promise<void>((started) => setImmediate(started))
      .then(() => {
        this.#opening = false;
        return this.#drain();
      })
      .finally(() => {
        this.#lanes.delete(lane);
        if (this.#next.length > 0) this.#open();
      });
    this.#lanes.add(lane);
  }

  async #drain(): Promise<void> {
    while (this.#next.length > 0) {
      const batch = this.#next.splice(0, this.maxBatch);
      const items = batch.map((entry) => entry.item);
      let answers: Answer[];
      const startedAt = performance.now();
      try {
        answers = await this.write(items);
      } catch (error) {
        answers = items.map((item) => this.failed(item, error));
      }
      this.#stats.batches += 1;
      this.#stats.items += items.length;
      this.#stats.writeMs += performance.now() - startedAt;
      batch.forEach((entry, index) => entry.resolve(answers[index]!));
    }
  }
}
