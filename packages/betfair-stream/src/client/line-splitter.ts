/** The longest line the client reads: a segmented image's part is far smaller (Betfair cuts at ~64 KiB). */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

const CR = 0x0d;
const LF = 0x0a;

/**
 * Splits the stream's bytes into CRLF-terminated lines. Each chunk is scanned once; an unfinished line
 * is kept as its pieces and counted, so a line past `maxLineBytes` is refused before it is all held.
 * Splitting bytes is safe for UTF-8: no byte of a multi-byte character is CR or LF.
 */
export class LineSplitter {
  #pieces: Buffer[] = [];
  #pendingBytes = 0;
  #tooLong = false;

  constructor(readonly maxLineBytes = MAX_LINE_BYTES) {}

  /** The non-blank lines `chunk` finishes, or 'TOO_LONG' once a line passes the bound (and ever after). */
  push(chunk: Buffer): string[] | 'TOO_LONG' {
    if (this.#tooLong) return 'TOO_LONG';
    const lines: string[] = [];
    let start = 0;
    for (let end = chunk.indexOf(LF); end >= 0; end = chunk.indexOf(LF, end + 1)) {
      const line = this.#take(chunk.subarray(start, end + 1));
      start = end + 1;
      if (line === undefined) continue;
      if (line === 'TOO_LONG') return this.#refuse();
      if (line.trim() !== '') lines.push(line);
    }
    if (start < chunk.length) {
      this.#pieces.push(chunk.subarray(start));
      this.#pendingBytes += chunk.length - start;
      if (this.#pendingBytes > this.maxLineBytes) return this.#refuse();
    }
    return lines;
  }

  /** Bytes held of the unfinished line. */
  get pendingBytes(): number {
    return this.#pendingBytes;
  }

  /** The line that `tail` (ending in LF) finishes; a bare LF without its CR does not end one. */
  #take(tail: Buffer): string | 'TOO_LONG' | undefined {
    const lastPiece = this.#pieces.at(-1);
    const before = tail.length >= 2 ? tail[tail.length - 2] : lastPiece?.[lastPiece.length - 1];
    if (before !== CR) {
      this.#pieces.push(tail);
      this.#pendingBytes += tail.length;
      return this.#pendingBytes > this.maxLineBytes ? 'TOO_LONG' : undefined;
    }
    const bytes = this.#pendingBytes + tail.length - 2;
    if (bytes > this.maxLineBytes) return 'TOO_LONG';
    const whole = this.#pieces.length === 0 ? tail : Buffer.concat([...this.#pieces, tail]);
    this.#pieces = [];
    this.#pendingBytes = 0;
    return whole.toString('utf8', 0, bytes);
  }

  #refuse(): 'TOO_LONG' {
    this.#tooLong = true;
    this.#pieces = [];
    this.#pendingBytes = 0;
    return 'TOO_LONG';
  }
}
