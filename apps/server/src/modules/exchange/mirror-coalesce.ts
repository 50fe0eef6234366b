import { KeyedThrottle } from '../../platform/keyed-throttle.ts';
import type { MirrorBook } from './mirror-book.ts';

/** A market's source books reach its unit at most once per this window (docs/decisions/0271). */
export const MIRROR_WINDOW_MS = 100;

/**
 * Source books throttled per market (docs/decisions/0281): a quiet market's book is re-quoted at once,
 * and what comes within the next window is held, the latest sent when it ends, so a burst costs one
 * re-quote per window. A book that pulls the quotes (the source stops being open, or goes in play) is
 * sent at once, with any held book dropped: quotes must not stand a moment longer than the source's.
 */
export class MirrorCoalescer {
  readonly #throttle: KeyedThrottle<MirrorBook>;
  /** The last book offered per market, to tell a book that pulls the quotes. */
  readonly #last = new Map<string, Pick<MirrorBook, 'status' | 'inPlay'>>();
  /** What the send of the book being offered answered, when it went at once. */
  #sent: Promise<void> | undefined;

  constructor(
    send: (marketId: string, book: MirrorBook) => Promise<void> | void,
    windowMs = MIRROR_WINDOW_MS,
  ) {
    this.#throttle = new KeyedThrottle((marketId, book) => {
      this.#sent = send(marketId, book) ?? undefined;
    }, windowMs);
  }

  /** Answers the re-quote's promise when the book went at once; undefined when it is held. */
  offer(marketId: string, book: MirrorBook): Promise<void> | undefined {
    const pulls = this.#pulls(marketId, book);
    if (book.status === 'CLOSED') this.#last.delete(marketId);
    else this.#last.set(marketId, { status: book.status, inPlay: book.inPlay });
    this.#sent = undefined;
    if (pulls) this.#throttle.sendNow(marketId, book);
    else this.#throttle.offer(marketId, book);
    const sent = this.#sent;
    this.#sent = undefined;
    return sent;
  }

  /** Drops every held book (on close). */
  stop(): void {
    this.#throttle.stop();
  }

  #pulls(marketId: string, book: MirrorBook): boolean {
    const last = this.#last.get(marketId) ?? { status: 'OPEN', inPlay: false };
    return (book.status !== 'OPEN' && last.status === 'OPEN') || (book.inPlay && !last.inPlay);
  }
}
