import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { detectFileKind } from './file-kind.ts';
import { readHead, readLines, type FileLine } from './lines.ts';
import { recordingLines, recordingPath } from './test-support/recordings.ts';

const dir = mkdtempSync(join(tmpdir(), 'betfair-stream-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hasBzip2 = spawnSync('bzip2', ['--help']).status === 0;
const BZIP2_FIXTURE = fileURLToPath(new URL('./test-fixtures/basic-first-12-lines.bz2', import.meta.url));

async function collect(lines: AsyncIterable<FileLine>): Promise<FileLine[]> {
  const all: FileLine[] = [];
  for await (const line of lines) all.push(line);
  return all;
}

/** What the reader must yield for a file: its lines, without the empty one after a final newline. */
function expectedLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function writeTemp(name: string, content: Buffer | string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

function bzip2(content: Buffer): Buffer {
  return spawnSync('bzip2', ['-c'], { input: content, maxBuffer: 64 * 1024 * 1024 }).stdout;
}

describe('file kinds of the shared recordings', () => {
  it.each([
    ['flumine/1.197931750', 'stream'],
    ['flumine/1.197931751', 'stream'],
    ['flumine/BASIC-1.132153978', 'stream'],
    ['betfairlightweight/streaming_mcm_SUB_IMAGE_no_market_def.json', 'stream'],
    ['betfairlightweight/streaming_mcm_RESUB_DELTA.json', 'stream'],
    ['betfairlightweight/CRICKET-1.179676557', 'sports-data'],
    ['flumine/catalogues/1.197931750.json', 'catalogue'],
    ['flumine/catalogues/1.197931751.json', 'catalogue'],
    ['flumine/LICENSE', null],
    ['README.md', null],
  ])('%s is %s', async (name, kind) => {
    expect(detectFileKind(await readHead(recordingPath(name)))).toBe(kind);
  });

  it('calls binary noise, and noise behind a gzip or bzip2 magic, unknown', async () => {
    let state = 0x9e3779b9;
    const noise = Buffer.from(
      new Uint8Array(4096).map(() => {
        state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
        return state >>> 24;
      }),
    );
    expect(detectFileKind(await readHead(writeTemp('noise.bin', noise)))).toBeNull();
    const fakeGzip = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), noise]);
    expect(detectFileKind(await readHead(writeTemp('noise.gz', fakeGzip)))).toBeNull();
    const fakeBzip2 = Buffer.concat([Buffer.from('BZh9'), noise]);
    expect(detectFileKind(await readHead(writeTemp('noise.bz2', fakeBzip2)))).toBeNull();
  });
});

describe('readLines', () => {
  const name = 'flumine/1.197931750';
  const plain = readFileSync(recordingPath(name));
  const expected = expectedLines(plain.toString('utf8'));

  it('reads a plain recording line by line, numbered from 0', async () => {
    const lines = await collect(readLines(recordingPath(name)));
    expect(lines.map((line) => line.text)).toEqual(expected);
    expect(lines.map((line) => line.lineNumber)).toEqual(expected.map((_, index) => index));
    expect(lines.some((line) => line.error !== undefined)).toBe(false);
  });

  it('reads the same lines from gzip whatever the file is called', async () => {
    const path = writeTemp('recording.txt', gzipSync(plain));
    expect((await collect(readLines(path))).map((line) => line.text)).toEqual(expected);
    expect(detectFileKind(await readHead(path))).toBe('stream');
  });

  it.skipIf(!hasBzip2)('reads the same lines from bzip2, also when streams are concatenated', async () => {
    const path = writeTemp('recording.gz', bzip2(plain));
    expect((await collect(readLines(path))).map((line) => line.text)).toEqual(expected);
    const half = plain.indexOf(0x0a, plain.length >> 1) + 1;
    const joined = writeTemp(
      'joined',
      Buffer.concat([bzip2(plain.subarray(0, half)), bzip2(plain.subarray(half))]),
    );
    expect((await collect(readLines(joined))).map((line) => line.text)).toEqual(expected);
  });

  it('reads the committed bzip2 fixture (the BASIC file’s first 12 lines)', async () => {
    const basic = recordingLines('flumine/BASIC-1.132153978').slice(0, 12);
    expect((await collect(readLines(BZIP2_FIXTURE))).map((line) => line.text)).toEqual(basic);
    expect(detectFileKind(await readHead(BZIP2_FIXTURE, 100))).toBe('stream');
  });

  it('resumes at a line, compressed or not', async () => {
    const fromPlain = await collect(readLines(recordingPath(name), { fromLine: 120 }));
    expect(fromPlain.map((line) => line.lineNumber)).toEqual(
      expected.slice(120).map((_, index) => 120 + index),
    );
    expect(fromPlain.map((line) => line.text)).toEqual(expected.slice(120));
    const gzipped = writeTemp('resume.gz', gzipSync(plain));
    expect((await collect(readLines(gzipped, { fromLine: 165 }))).map((line) => line.lineNumber)).toEqual([
      165,
    ]);
    expect(await collect(readLines(gzipped, { fromLine: 1000 }))).toEqual([]);
    expect(await collect(readLines(recordingPath(name), { fromLine: Number.NaN }))).toHaveLength(
      expected.length,
    );
  });

  it('flags a line longer than maxLineBytes with an error and goes on', async () => {
    const text = `short\n${'x'.repeat(5000)}\n\r\nlast`;
    const lines = await collect(readLines(writeTemp('long.txt', text), { maxLineBytes: 1000 }));
    expect(lines).toEqual([
      { lineNumber: 0, text: 'short' },
      { lineNumber: 1, text: '', error: 'line 1 is longer than 1000 bytes' },
      { lineNumber: 2, text: '' },
      { lineNumber: 3, text: 'last' },
    ]);
  });

  it('reads a single line with no newline, and an empty file as no lines', async () => {
    const single = 'betfairlightweight/streaming_mcm_SUB_IMAGE_no_market_def.json';
    const lines = await collect(readLines(recordingPath(single)));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.text).toBe(readFileSync(recordingPath(single), 'utf8'));
    expect(await collect(readLines(writeTemp('empty', '')))).toEqual([]);
  });

  it('throws after the good lines when gzip data is cut short', async () => {
    const gzipped = gzipSync(plain);
    const path = writeTemp('cut.gz', gzipped.subarray(0, gzipped.length >> 1));
    const seen: FileLine[] = [];
    await expect(async () => {
      for await (const line of readLines(path)) seen.push(line);
    }).rejects.toThrow(/gzip data of .* cannot be read/);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.map((line) => line.text)).toEqual(expected.slice(0, seen.length));
  });
});
