import { describe, expect, it } from 'vitest';
import { LineReader } from './line-reader.ts';

/** Every chunk's lines in order, or 'TOO_LONG' from the chunk that passed the limit on. */
function read(reader: LineReader, chunks: readonly string[]): (string[] | 'TOO_LONG')[] {
  return chunks.map((chunk) => reader.push(chunk));
}

describe('LineReader', () => {
  it('answers the lines each chunk finishes, a CRLF split between chunks included', () => {
    const reader = new LineReader(100);
    expect(read(reader, ['{"a":1}\r\n{"b"', ':2}\r', '\n\r\n  \r\n{"c":3}\r\n'])).toEqual([
      ['{"a":1}'],
      [],
      ['{"b":2}', '{"c":3}'],
    ]);
    expect(reader.pendingChars).toBe(0);
  });

  it('keeps a lone LF or CR inside the line, as only CRLF ends one', () => {
    const reader = new LineReader(100);
    expect(read(reader, ['{"a":\n1}\r', 'x\r\n'])).toEqual([[], ['{"a":\n1}\rx']]);
  });

  it('splits any chunking of a text as one split of the whole text does', () => {
    let seed = 7;
    const random = (below: number) => (seed = (seed * 48_271) % 2_147_483_647) % below;
    const text = Array.from({ length: 200 }, (_, n) => `{"id":${n}}${' \r\n'.slice(random(3))}`).join('');
    const expected = text.split('\r\n').slice(0, -1);
    for (let round = 0; round < 20; round += 1) {
      const reader = new LineReader(100);
      const lines: string[] = [];
      for (let start = 0; start < text.length;) {
        const end = start + 1 + random(40);
        lines.push(...(reader.push(text.slice(start, end)) as string[]));
        start = end;
      }
      expect(lines).toEqual(expected.filter((line) => line.trim() !== ''));
    }
  });

  it('takes a line of maxLineChars and refuses a longer one, finished or not, for good', () => {
    expect(new LineReader(8).push('12345678\r\n')).toEqual(['12345678']);
    expect(new LineReader(8).push('ok\r\n123456789\r\n')).toBe('TOO_LONG');
    const unfinished = new LineReader(8);
    expect(read(unfinished, ['1234', '5678', '9'])).toEqual([[], [], 'TOO_LONG']);
    expect(unfinished.pendingChars).toBe(0);
    expect(unfinished.push('\r\n{}\r\n')).toBe('TOO_LONG');
  });

  it('holds no more than maxLineChars and one chunk of a line that never ends', () => {
    const reader = new LineReader(64 * 1024);
    const chunk = 'x'.repeat(16 * 1024);
    let answer: string[] | 'TOO_LONG' = [];
    for (let n = 0; n < 5 && answer !== 'TOO_LONG'; n += 1) {
      answer = reader.push(chunk);
      expect(reader.pendingChars).toBeLessThanOrEqual(64 * 1024);
    }
    expect(answer).toBe('TOO_LONG');
  });
});
