/**
 * Market updates conflated to at most one per market per window (docs/decisions/0193): the first
 * change of a quiet market goes out at once; changes within the window after it are held and the
 * market goes out once more when the window ends, read afresh, so subscribers see its latest state.
 */
export class ConflatedMarkets {
  readonly #lastSentMs = new Map<string, number>();
  readonly #held = new Set<string>();
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly send: (marketIds: readonly string[]) => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly windowMs = 100,
    private readonly nowMs: () => number = Date.now,
  ) {}

  changed(marketIds: Iterable<string>): void {
    const now = this.nowMs();
    const due: string[] = [];
    for (const id of marketIds) {
      const last = this.#lastSentMs.get(id);
      if (last === undefined || now - last >= this.windowMs) {
        this.#lastSentMs.set(id, now);
        this.#held.delete(id);
        due.push(id);
      } else {
        this.#held.add(id);
      }
    }
    if (due.length > 0) this.#sendNow(due);
    this.#schedule(now);
  }

  /** Stops the timer (on close); held changes are dropped, as a socket's are when it closes. */
  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#held.clear();
  }

  #schedule(now: number): void {
    if (this.#timer || this.#held.size === 0) return;
    let soonest = Infinity;
    for (const id of this.#held) soonest = Math.min(soonest, this.#lastSentMs.get(id)! + this.windowMs);
    this.#timer = setTimeout(() => this.#release(), Math.max(0, soonest - now));
    this.#timer.unref();
  }

  #release(): void {
    this.#timer = null;
    const now = this.nowMs();
    const due = [...this.#held].filter((id) => now - this.#lastSentMs.get(id)! >= this.windowMs);
    for (const id of due) {
      this.#held.delete(id);
      this.#lastSentMs.set(id, now);
    }
    if (due.length > 0) this.#sendNow(due);
    this.#schedule(now);
  }

  #sendNow(marketIds: string[]): void {
    void this.send(marketIds).catch(this.onError);
  }
}
