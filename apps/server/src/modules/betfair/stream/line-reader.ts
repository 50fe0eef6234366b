import { CRLF } from './protocol.ts';

/**
 * Splits a connection's text into CRLF-terminated lines. Each chunk is scanned once and an unfinished
 * line is kept as its pieces, so a flood costs its own length, never a rescan of what came before;
 * a line longer than `maxLineChars`, finished or not, ends the reading.
 */
export class LineReader {
  #pieces: string[] = [];
  #pendingChars = 0;
  #tooLong = false;

  constructor(readonly maxLineChars: number) {}

  /** Characters held of the unfinished line. */
  get pendingChars(): number {
    return this.#pendingChars;
  }

  /** The non-blank lines `chunk` finishes, or 'TOO_LONG' once a line passes maxLineChars. */
  push(chunk: string): string[] | 'TOO_LONG' {
    if (this.#tooLong) return 'TOO_LONG';
    const lines: string[] = [];
    let start = 0;
    // The CR of a CRLF that two chunks split ends the previous one.
    if (chunk.startsWith('\n') && this.#pieces.at(-1)?.endsWith('\r')) {
      this.#finish(lines, '', 1);
      start = 1;
    }
    for (let end = chunk.indexOf(CRLF, start); end >= 0 && !this.#tooLong; end = chunk.indexOf(CRLF, start)) {
      this.#finish(lines, chunk.slice(start, end), 0);
      start = end + CRLF.length;
    }
    if (start < chunk.length) {
      this.#pieces.push(chunk.slice(start));
      this.#pendingChars += chunk.length - start;
    }
    if (this.#pendingChars > this.maxLineChars) this.#tooLong = true;
    if (this.#tooLong) {
      this.#pieces = [];
      this.#pendingChars = 0;
      return 'TOO_LONG';
    }
    return lines;
  }

  /** Ends the unfinished line with `last`, less the `dropChars` of the terminator it holds. */
  #finish(lines: string[], last: string, dropChars: number): void {
    const chars = this.#pendingChars + last.length - dropChars;
    const line = this.#pieces.length === 0 ? last : (this.#pieces.join('') + last).slice(0, chars);
    this.#pieces = [];
    this.#pendingChars = 0;
    if (chars > this.maxLineChars) this.#tooLong = true;
    else if (line.trim() !== '') lines.push(line);
  }
}
