type Window<V> = { timer: ReturnType<typeof setTimeout>; held: { value: V } | null };

/**
 * At most one send per key per window, the first at once (docs/decisions/0281): a value offered for a
 * quiet key goes out now and opens a window; what is offered inside the window is held, and the latest
 * goes out when it ends, opening the next. A lone change waits for nothing; a burst still costs one
 * send per window.
 */
export class KeyedThrottle<V> {
  readonly #windows = new Map<string, Window<V>>();

  constructor(
    private readonly send: (key: string, value: V) => void,
    private readonly windowMs: number,
  ) {}

  offer(key: string, value: V): void {
    const open = this.#windows.get(key);
    if (open) open.held = { value };
    else this.#sendAndOpen(key, value);
  }

  /** Sends at once, dropping what was held: a change that must not wait out the window. */
  sendNow(key: string, value: V): void {
    this.drop(key);
    this.#sendAndOpen(key, value);
  }

  /** Forgets the key's window and what it held. */
  drop(key: string): void {
    const open = this.#windows.get(key);
    if (open) clearTimeout(open.timer);
    this.#windows.delete(key);
  }

  /** Drops every window (on close). */
  stop(): void {
    for (const open of this.#windows.values()) clearTimeout(open.timer);
    this.#windows.clear();
  }

  #sendAndOpen(key: string, value: V): void {
    const timer = setTimeout(() => this.#end(key), this.windowMs);
    timer.unref();
    // Opened before sending, so what the send itself offers is held for the window.
    this.#windows.set(key, { timer, held: null });
    this.send(key, value);
  }

  #end(key: string): void {
    const ended = this.#windows.get(key);
    this.#windows.delete(key);
    if (ended?.held) this.#sendAndOpen(key, ended.held.value);
  }
}
