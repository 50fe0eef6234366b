import { describe, expect, it } from 'vitest';
import { parseLine } from './parse.ts';

describe('parseLine', () => {
  it('reads a market change message', () => {
    const parsed = parseLine('{"op":"mcm","clk":"A","pt":5,"mc":[{"id":"1.2","rc":[{"id":3,"ltp":2.5}]}]}');
    expect(parsed).toEqual({
      kind: 'message',
      message: { op: 'mcm', clk: 'A', pt: 5, mc: [{ id: '1.2', rc: [{ id: 3, ltp: 2.5 }] }] },
    });
  });

  it('calls an empty or whitespace line blank', () => {
    expect(parseLine('')).toEqual({ kind: 'blank' });
    expect(parseLine('  \r')).toEqual({ kind: 'blank' });
  });

  it('calls invalid JSON and a truncated line errors, quoting only the start', () => {
    expect(parseLine('{"op":"mcm",')).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('not JSON'),
    });
    const truncated = '{"op":"mcm","pt":1,"mc":[{"id":"1.2","rc":[{"id":3,"atb":[[2.5,' + '1'.repeat(500);
    const parsed = parseLine(truncated);
    expect(parsed.kind).toBe('error');
    if (parsed.kind === 'error') expect(parsed.message.length).toBeLessThan(120);
  });

  it('calls binary garbage an error', () => {
    const noise = String.fromCharCode(0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe, 0x00, 0x42);
    expect(parseLine(noise).kind).toBe('error');
  });

  it('calls JSON that is not an object an error', () => {
    expect(parseLine('[1,2]').kind).toBe('error');
    expect(parseLine('42').kind).toBe('error');
    expect(parseLine('null').kind).toBe('error');
    expect(parseLine('"mcm"').kind).toBe('error');
  });

  it('passes an unknown or missing op through as a message', () => {
    expect(parseLine('{"op":"status","statusCode":"SUCCESS"}')).toEqual({
      kind: 'message',
      message: { op: 'status', statusCode: 'SUCCESS' },
    });
    expect(parseLine('{"hello":1}')).toEqual({ kind: 'message', message: { hello: 1, op: '' } });
  });

  it('takes an mcm without mc (a heartbeat) and refuses one whose mc is not a list', () => {
    expect(parseLine('{"op":"mcm","clk":"B","pt":7,"ct":"HEARTBEAT"}').kind).toBe('message');
    expect(parseLine('{"op":"mcm","pt":7,"mc":{"id":"1.2"}}')).toMatchObject({
      kind: 'error',
      message: 'mcm with a mc that is not an array',
    });
    expect(parseLine('{"op":"ccm","pt":7,"cc":"x"}').kind).toBe('error');
  });

  it('refuses an mcm without a numeric pt or with a clk that is not text', () => {
    expect(parseLine('{"op":"mcm","mc":[]}').kind).toBe('error');
    expect(parseLine('{"op":"mcm","pt":"5","mc":[]}').kind).toBe('error');
    expect(parseLine('{"op":"mcm","pt":5,"clk":5,"mc":[]}').kind).toBe('error');
  });

  it('leaves bad numbers inside changes to the cache', () => {
    const parsed = parseLine('{"op":"mcm","pt":1,"mc":[{"id":"1.2","rc":[{"id":3,"atb":[[1.015,-2]]}]}]}');
    expect(parsed.kind).toBe('message');
  });
});
