/**
 * Group commit (docs/decisions/0150): a unit decides each command in memory at once and hands what it
 * must write here; everything handed in while a batch is being written goes into the next batch, one
 * transaction each. Each command is answered only once its batch committed, so an acknowledged bet or
 * cash-out survives any restart, and a burst of a thousand costs a handful of transactions.
 */
export class GroupCommit<Item, Answer> {
  #next: { item: Item; resolve: (answer: Answer) => void }[] = [];
  #running: Promise<void> | null = null;

  constructor(
    /** Writes one batch in one transaction; answers one answer per item, in order. */
    private readonly write: (items: Item[]) => Promise<Answer[]>,
    /** The answer for each item of a batch whose transaction failed. */
    private readonly failed: (item: Item, error: unknown) => Answer,
    /** Items per transaction at most: a long transaction holds its players' rows locked for longer. */
    private readonly maxBatch = 100,
  ) {}

  submit(item: Item): Promise<Answer> {
    return new Promise((resolve) => {
      this.#next.push({ item, resolve });
      // Items submitted in the same turn of the event loop join this first batch.
      this.#running ??= new Promise<void>((started) => setImmediate(started)).then(() => this.#drain());
    });
  }

  /** Resolves once nothing is waiting to be written (phase changes wait for it). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#next.length > 0) {
        const batch = this.#next.splice(0, this.maxBatch);
        const items = batch.map((entry) => entry.item);
        let answers: Answer[];
        try {
          answers = await this.write(items);
        } catch (error) {
          answers = items.map((item) => this.failed(item, error));
        }
        batch.forEach((entry, index) => entry.resolve(answers[index]!));
      }
    } finally {
      this.#running = null;
    }
  }
}
