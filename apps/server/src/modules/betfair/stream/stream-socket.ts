import type { Duplex } from 'node:stream';
import { LineReader } from './line-reader.ts';
import { MAX_LINE_CHARS } from './protocol.ts';

/** What an authenticated connection holds of its input at most: lines waiting and the unfinished one. */
export const MAX_BUFFERED_CHARS = 16 * MAX_LINE_CHARS;
/** Before authentication one request is all that may be served, so one line's worth is held. */
export const MAX_BUFFERED_CHARS_UNAUTHENTICATED = MAX_LINE_CHARS;

/** A client that does not read its refusal still loses its socket after this. */
const CLOSE_FLUSH_MS = 1_000;

/**
 * The socket side of a stream connection. Each line goes to `take` in order (its promise settles when
 * the line has been served); reading pauses while more than `maxBufferedChars` wait, so a client that
 * sends faster than it is served waits on TCP instead of filling memory. `close` ends it for good.
 */
export class StreamSocket {
  readonly #lines = new LineReader(MAX_LINE_CHARS);
  #waitingChars = 0;
  #paused = false;
  #stopped = false;
  maxBufferedChars = MAX_BUFFERED_CHARS_UNAUTHENTICATED;

  constructor(
    private readonly socket: Duplex,
    private readonly take: (line: string) => Promise<void>,
    private readonly tooLong: () => void,
  ) {
    socket.setEncoding('utf8');
    socket.on('data', this.#received);
  }

  /**
   * Reads nothing more (what the client still sends stays in the kernel), ends the socket and destroys
   * it once what was written, a refusal, is flushed, so the client can read why it was closed.
   */
  close(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.socket.pause();
    this.socket.off('data', this.#received);
    const destroy = () => {
      clearTimeout(timer);
      this.socket.destroy();
    };
    const timer = setTimeout(destroy, CLOSE_FLUSH_MS);
    timer.unref();
    this.socket.end(destroy);
  }

  readonly #received = (chunk: string): void => {
    if (this.#stopped) return;
    const lines = this.#lines.push(chunk);
    if (lines === 'TOO_LONG') return this.tooLong();
    for (const line of lines) {
      this.#waitingChars += line.length;
      void this.take(line).finally(() => this.#served(line.length));
    }
    if (this.#bufferedChars() > this.maxBufferedChars) {
      this.#paused = true;
      this.socket.pause();
    }
  };

  #served(chars: number): void {
    this.#waitingChars -= chars;
    if (!this.#paused || this.#stopped || this.#bufferedChars() > this.maxBufferedChars) return;
    this.#paused = false;
    this.socket.resume();
  }

  #bufferedChars(): number {
    return this.#waitingChars + this.#lines.pendingChars;
  }
}
