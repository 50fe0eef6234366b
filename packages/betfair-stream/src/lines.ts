import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import unbzip2Stream from 'unbzip2-stream';

/** An image line of a big market runs to a few hundred KB; past this a line is refused, not held. */
export const DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024;
/** Enough of a file to see its first line's op, or a catalogue's first keys. */
export const DEFAULT_HEAD_BYTES = 64 * 1024;

/** How much of a file one read takes. */
const READ_BYTES = 256 * 1024;

export type FileCompression = 'gzip' | 'bzip2' | 'none';

export interface FileLine {
  /** 0-based, counting every line of the decompressed file, blank ones included. */
  lineNumber: number;
  text: string;
  /** Set (and `text` empty) when the line was longer than `maxLineBytes` and was not read. */
  error?: string;
}

export interface ReadLinesOptions {
  /** Resume here: earlier lines are scanned for their ends but not decoded or yielded. */
  fromLine?: number;
  maxLineBytes?: number;
}

/** Decided by the file's first bytes, never by its name: uploads keep no trustworthy name. */
export function compressionOf(magic: Uint8Array): FileCompression {
  if (magic[0] === 0x1f && magic[1] === 0x8b) return 'gzip';
  if (magic[0] === 0x42 && magic[1] === 0x5a && magic[2] === 0x68) return 'bzip2'; // "BZh"
  return 'none';
}

export async function fileCompression(path: string): Promise<FileCompression> {
  const file = await open(path, 'r');
  try {
    const magic = new Uint8Array(3);
    const { bytesRead } = await file.read(magic, 0, 3, 0);
    return compressionOf(magic.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

/** The file's compressed data is corrupt or cut short. */
export class DecompressionError extends Error {
  override name = 'DecompressionError';
}

interface OpenedFile {
  stream: AsyncIterable<Buffer>;
  close(): void;
}

async function openDecompressed(path: string): Promise<OpenedFile> {
  const compression = await fileCompression(path);
  // Reads of 256 KB: a quarter of the calls (and their CPU) of the default 64 KB, for little memory.
  const file = createReadStream(path, { highWaterMark: READ_BYTES });
  const close = (): void => void file.destroy();
  if (compression === 'none') return { stream: file, close };
  const decompressor: NodeJS.ReadWriteStream = compression === 'gzip' ? createGunzip() : unbzip2Stream();
  // unbzip2-stream is a classic stream: pipe it into a Readable that can be iterated and fails with it.
  const output = new PassThrough();
  const fail = (error: Error): void => {
    output.destroy(new DecompressionError(`${compression} data of ${path} cannot be read: ${error.message}`));
  };
  file.on('error', (error) => output.destroy(error));
  decompressor.on('error', fail);
  file.pipe(decompressor).pipe(output);
  return { stream: output as Readable, close };
}

/**
 * The lines of a plain, gzip or bzip2 file, streamed: memory holds one line (at most `maxLineBytes`)
 * and one decompressed chunk, whatever the file's size. A line longer than `maxLineBytes` is yielded
 * with `text: ''` and an `error`, so line numbers stay true and the caller reports it. A last line
 * without a newline is yielded; a trailing newline adds no empty line. A CR before the LF is dropped.
 * Compressed data that is corrupt or cut short (a recorder killed mid-write) throws a
 * `DecompressionError` after the lines before it.
 */
export async function* readLines(path: string, options: ReadLinesOptions = {}): AsyncGenerator<FileLine> {
  const fromLine = wholeAtLeast(options.fromLine, 0, 0);
  const maxLineBytes = wholeAtLeast(options.maxLineBytes, 1, DEFAULT_MAX_LINE_BYTES);
  const source = await openDecompressed(path);
  const line = new LineBuffer(maxLineBytes);
  let lineNumber = 0;
  try {
    for await (const chunk of source.stream) {
      let start = 0;
      while (start < chunk.length) {
        const newline = chunk.indexOf(0x0a, start);
        const end = newline === -1 ? chunk.length : newline;
        // A line whole in its chunk, the usual case, is decoded from it with no piece kept.
        if (lineNumber >= fromLine && newline !== -1 && line.isEmpty() && end - start <= maxLineBytes)
          yield { lineNumber, text: decodeText(chunk, start, end) };
        else {
          if (lineNumber >= fromLine) line.add(chunk, start, end, newline === -1);
          if (newline === -1) break;
          if (lineNumber >= fromLine) yield line.take(lineNumber);
        }
        lineNumber += 1;
        start = newline + 1;
      }
    }
    if (line.hasContent()) yield line.take(lineNumber);
  } finally {
    source.close();
  }
}

function wholeAtLeast(value: number | undefined, least: number, fallback: number): number {
  return value !== undefined && Number.isFinite(value) ? Math.max(least, Math.floor(value)) : fallback;
}

/** The bytes of the line being read, dropped as soon as the line proves too long. */
class LineBuffer {
  #parts: Buffer[] = [];
  #bytes = 0;
  #tooLong = false;

  constructor(private readonly maxBytes: number) {}

  add(chunk: Buffer, start: number, end: number, continuesInNextChunk: boolean): void {
    if (this.#tooLong || end === start) return;
    if (this.#bytes + end - start > this.maxBytes) {
      this.#tooLong = true;
      this.#parts = [];
      this.#bytes = 0;
      return;
    }
    const piece = chunk.subarray(start, end);
    // A piece kept past its chunk is copied, so the rest of the chunk can be freed.
    this.#parts.push(continuesInNextChunk ? Buffer.from(piece) : piece);
    this.#bytes += end - start;
  }

  isEmpty(): boolean {
    return this.#bytes === 0 && !this.#tooLong;
  }

  hasContent(): boolean {
    return this.#bytes > 0 || this.#tooLong;
  }

  take(lineNumber: number): FileLine {
    const result: FileLine = this.#tooLong
      ? { lineNumber, text: '', error: `line ${lineNumber} is longer than ${this.maxBytes} bytes` }
      : { lineNumber, text: decodeLine(this.#parts) };
    this.#parts = [];
    this.#bytes = 0;
    this.#tooLong = false;
    return result;
  }
}

function decodeLine(parts: Buffer[]): string {
  const whole = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  return decodeText(whole, 0, whole.length);
}

function decodeText(bytes: Buffer, start: number, end: number): string {
  return bytes.toString('utf8', start, end > start && bytes[end - 1] === 0x0d ? end - 1 : end);
}

/**
 * The first `bytes` decompressed bytes as text, for `detectFileKind`; bytes that are not UTF-8 read as
 * U+FFFD. Compressed data that breaks off yields what came before it (perhaps ''), so a corrupt upload
 * is told apart by its kind (null), not by an exception; a missing file still rejects.
 */
export async function readHead(path: string, bytes = DEFAULT_HEAD_BYTES): Promise<string> {
  const source = await openDecompressed(path);
  const parts: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of source.stream) {
      parts.push(chunk);
      total += chunk.length;
      if (total >= bytes) break;
    }
  } catch (error) {
    if (!(error instanceof DecompressionError)) throw error;
  } finally {
    source.close();
  }
  return new TextDecoder().decode(Buffer.concat(parts).subarray(0, bytes));
}
