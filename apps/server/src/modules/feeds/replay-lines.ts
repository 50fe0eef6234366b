import { parseLineToFold, readLines, type FileLine, type FoldLine } from '@backlay/betfair-stream';

/** One line of a replayed file, read and parsed, with where it came from. */
export type ReplayLine = {
  fileIndex: number;
  fileId: string;
  lineNumber: number;
  /** Packed when it is a market change in the usual shape (docs/decisions/0314), else parsed. */
  parsed: FoldLine;
  /** The message's publish time; null for a line without one (blank, bad). */
  pt: number | null;
  /** A line of sports data, read beside the stream files: it moves no stream position (0279). */
  sportsData?: boolean;
};

export type ReplayPosition = { fileIndex: number; lineNumber: number };

/** Where a replay's lines come from: `ReplayLines` here, or `WorkerReplayLines` on a worker thread. */
export type ReplaySource = Pick<ReplayLines, 'peek' | 'take' | 'close'>;

const ptOf = (parsed: FoldLine): number | null => {
  if (parsed.kind === 'packed') return parsed.message.pt;
  if (parsed.kind !== 'message') return null;
  const pt = (parsed.message as { pt?: unknown }).pt;
  return typeof pt === 'number' && Number.isFinite(pt) ? pt : null;
};

/**
 * The stream files of a replay read one line at a time from a position (the last applied line), file
 * after file, with one line looked at ahead so the pacing knows when it is due. A file that cannot be
 * read is reported and passed over: bad input never stops the feed.
 */
export class ReplayLines {
  #fileIndex: number;
  /** Lines of the current file taken (or applied before a restart). */
  #after: number;
  #iterator: AsyncIterator<FileLine> | null = null;
  #peeked: ReplayLine | null | undefined;

  constructor(
    private readonly files: readonly { id: string; path: string }[],
    position: ReplayPosition,
    private readonly onUnreadable: (fileId: string, error: unknown) => void,
    private readonly sportsData = false,
  ) {
    this.#fileIndex = position.fileIndex;
    this.#after = position.lineNumber;
  }

  /** The next line, without taking it; null at the end of the last file. */
  async peek(): Promise<ReplayLine | null> {
    while (this.#peeked === undefined) {
      const file = this.files[this.#fileIndex];
      if (!file) {
        this.#peeked = null;
        break;
      }
      try {
        // readLines counts from 0; a ReplayLine's number, like `#after`, counts from 1.
        const iterator = (this.#iterator ??= readLines(file.path, { fromLine: this.#after })[
          Symbol.asyncIterator
        ]());
        const next = await iterator.next();
        if (next.done) this.#nextFile();
        else if (next.value.lineNumber + 1 > this.#after) {
          const { text, error } = next.value;
          const parsed: FoldLine =
            error === undefined ? parseLineToFold(text) : { kind: 'error', message: error };
          const lineNumber = next.value.lineNumber + 1;
          const line: ReplayLine = {
            fileIndex: this.#fileIndex,
            fileId: file.id,
            lineNumber,
            parsed,
            pt: ptOf(parsed),
          };
          if (this.sportsData) line.sportsData = true;
          this.#peeked = line;
        }
      } catch (error) {
        this.onUnreadable(file.id, error);
        this.#nextFile();
      }
    }
    return this.#peeked ?? null;
  }

  /** Takes the line `peek` answered. */
  take(): ReplayLine {
    const line = this.#peeked;
    if (!line) throw new Error('no line to take');
    this.#peeked = undefined;
    this.#after = line.lineNumber;
    return line;
  }

  async close(): Promise<void> {
    const iterator = this.#iterator;
    this.#iterator = null;
    await iterator?.return?.();
  }

  #nextFile(): void {
    void this.#iterator?.return?.();
    this.#iterator = null;
    this.#fileIndex += 1;
    this.#after = 0;
  }
}
