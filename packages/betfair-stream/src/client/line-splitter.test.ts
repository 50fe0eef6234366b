import { describe, expect, it } from 'vitest';
import { LineSplitter } from './line-splitter.ts';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('LineSplitter', () => {
  it('ends lines at CRLF only, across chunks, skipping blank ones', () => {
    const splitter = new LineSplitter(100);
    expect(splitter.push(bytes('{"a":1}\r\n\r\n{"b":'))).toEqual(['{"a":1}']);
    expect(splitter.push(bytes('"x\ny"}\r'))).toEqual([]);
    expect(splitter.push(bytes('\n{"c":3}\r\n'))).toEqual(['{"b":"x\ny"}', '{"c":3}']);
    expect(splitter.pendingBytes).toBe(0);
  });

  it('keeps a character whose bytes two chunks split', () => {
    const splitter = new LineSplitter(100);
    const line = bytes('{"name":"Zürich"}\r\n');
    const cut = line.indexOf(0xc3) + 1;
    expect(splitter.push(line.subarray(0, cut))).toEqual([]);
    expect(splitter.push(line.subarray(cut))).toEqual(['{"name":"Zürich"}']);
  });

  it('refuses a line past the bound, finished or not, and everything after it', () => {
    const finished = new LineSplitter(8);
    expect(finished.push(bytes('12345678\r\n'))).toEqual(['12345678']);
    expect(finished.push(bytes('123456789\r\n'))).toBe('TOO_LONG');
    expect(finished.push(bytes('1\r\n'))).toBe('TOO_LONG');
    const unfinished = new LineSplitter(8);
    expect(unfinished.push(bytes('12345'))).toEqual([]);
    expect(unfinished.push(bytes('6789'))).toBe('TOO_LONG');
    expect(unfinished.pendingBytes).toBe(0);
  });
});
