import { RESUME_WINDOW_MS, type Clock } from './clocks.ts';

/**
 * Subscriptions a client may resume (docs/decisions/0273), by the `initialClk` of their first image:
 * held while the subscription lives, kept for the resume window after it ends, and handed to the one
 * resubscription that continues it.
 */
export class Resumes<Record> {
  readonly #records = new Map<Clock, { record: Record; forget: NodeJS.Timeout | undefined }>();

  hold(initialClk: Clock, record: Record): void {
    this.#forget(initialClk);
    this.#records.set(initialClk, { record, forget: undefined });
  }

  /** The subscription ended; a resubscription may take it up within the window. */
  release(initialClk: Clock): void {
    const held = this.#records.get(initialClk);
    if (!held || held.forget) return;
    held.forget = setTimeout(() => this.#records.delete(initialClk), RESUME_WINDOW_MS);
    held.forget.unref();
  }

  /** The subscription `initialClk` started, once: a second resubscription from it gets an image. */
  take(initialClk: Clock): Record | undefined {
    const held = this.#records.get(initialClk);
    this.#forget(initialClk);
    return held?.record;
  }

  close(): void {
    for (const initialClk of [...this.#records.keys()]) this.#forget(initialClk);
  }

  #forget(initialClk: Clock): void {
    clearTimeout(this.#records.get(initialClk)?.forget);
    this.#records.delete(initialClk);
  }
}
