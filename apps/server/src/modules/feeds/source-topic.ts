import { feedIdSchema, type SourceBook } from '@backlay/contracts';
import type { Database } from '../../db/database.ts';
import type { StreamRegistry } from '../../platform/stream/index.ts';
import { readSourceBook } from './source-books-repo.ts';

/** Frames per market: at most one per this long after the last went out (docs/decisions/0270, 0286). */
export const SOURCE_FRAME_INTERVAL_MS = 100;
/** A frame waits for the house re-quote of its book at most this long. */
export const REQUOTE_WAIT_MS = 50;

type Frame = { book: SourceBook; requote: Promise<void> | undefined };
/** A market whose frame is on its way or went out less than an interval ago, and what waits after it. */
type Lane = { held: Frame | null; timer: ReturnType<typeof setTimeout> | null };

/**
 * The stream's `source` topic (id = a mirrored market's id; `{data: book}` as
 * `GET /api/markets/:id/source`, seq = the book's publish time), docs/decisions/0286. A quiet market's
 * book goes out at once, once the house has re-quoted it: a frame to every follower ties this thread up
 * for tens of milliseconds, which must not fall inside the re-quote. What changes before the interval
 * after that frame ends goes out then, once, as its latest; the interval counts from the frame's end,
 * so frames never take more than their share of the thread however far a replay is behind.
 */
export class SourceTopic {
  readonly #lanes = new Map<string, Lane>();
  #closed = false;

  constructor(
    private readonly streams: Pick<StreamRegistry, 'publish'>,
    private readonly onError: (error: unknown) => void,
  ) {}

  static register(deps: { db: Database; streams: Pick<StreamRegistry, 'register'> }): void {
    deps.streams.register({
      kind: 'source',
      idSchema: feedIdSchema,
      async snapshot(id) {
        const book = await readSourceBook(deps.db, id!);
        return book ? { seq: book.pt, data: book } : null;
      },
    });
  }

  /** After a batch commits: its books, and the re-quotes of them the exchange sent at once. */
  publish(
    books: ReadonlyMap<string, SourceBook>,
    requotes: ReadonlyMap<string, Promise<void>> = new Map(),
  ): void {
    for (const [marketId, book] of books) {
      const frame = { book, requote: requotes.get(marketId) };
      const lane = this.#lanes.get(marketId);
      if (lane) lane.held = frame;
      else this.#send(marketId, frame);
    }
  }

  close(): void {
    this.#closed = true;
    for (const lane of this.#lanes.values()) if (lane.timer) clearTimeout(lane.timer);
    this.#lanes.clear();
  }

  #send(marketId: string, frame: Frame): void {
    const lane: Lane = { held: null, timer: null };
    this.#lanes.set(marketId, lane);
    void settledWithin(frame.requote, REQUOTE_WAIT_MS).then(() => {
      if (this.#closed) return;
      const { book } = frame;
      this.streams.publish('source', marketId, { seq: book.pt, data: book }).catch(this.onError);
      lane.timer = setTimeout(() => this.#end(marketId, lane), SOURCE_FRAME_INTERVAL_MS);
      lane.timer.unref();
    });
  }

  #end(marketId: string, lane: Lane): void {
    if (this.#lanes.get(marketId) !== lane) return;
    this.#lanes.delete(marketId);
    if (lane.held) this.#send(marketId, lane.held);
  }
}

/** Resolves when `work` ends (it never rejects) or after `ms`, whichever comes first. */
function settledWithin(work: Promise<void> | undefined, ms: number): Promise<void> {
  if (!work) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    void work.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
