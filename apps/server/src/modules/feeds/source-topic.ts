import { feedIdSchema, type SourceBook } from '@backlay/contracts';
import type { Database } from '../../db/database.ts';
import type { StreamRegistry } from '../../platform/stream/index.ts';
import { readSourceBook } from './source-books-repo.ts';

/** Frames per market: at most one per this long, the latest book (docs/decisions/0270). */
export const SOURCE_FRAME_INTERVAL_MS = 100;

/**
 * The stream's `source` topic (id = a mirrored market's id; `{data: book}` as
 * `GET /api/markets/:id/source`, seq = the book's publish time). Books are coalesced: what changes
 * within one interval goes out once, as its latest.
 */
export class SourceTopic {
  readonly #pending = new Map<string, SourceBook>();
  #timer: ReturnType<typeof setTimeout> | null = null;

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

  publish(books: ReadonlyMap<string, SourceBook>): void {
    for (const [marketId, book] of books) this.#pending.set(marketId, book);
    this.#timer ??= setTimeout(() => this.#flush(), SOURCE_FRAME_INTERVAL_MS);
  }

  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#pending.clear();
  }

  #flush(): void {
    this.#timer = null;
    const books = [...this.#pending];
    this.#pending.clear();
    for (const [marketId, book] of books) {
      this.streams.publish('source', marketId, { seq: book.pt, data: book }).catch(this.onError);
    }
  }
}
