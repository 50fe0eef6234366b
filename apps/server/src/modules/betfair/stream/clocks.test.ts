import { describe, expect, it } from 'vitest';
import { nextClk, readClocks, RESUME_WINDOW_MS, resumePoint } from './clocks.ts';

const request = (fields: Record<string, unknown>) => ({ op: 'orderSubscription', id: 1, ...fields });

describe('the stream clocks', () => {
  it('grow, and every clock written is one a subscription may hand back', () => {
    const [first, second] = [nextClk(), nextClk()];
    expect(BigInt(second)).toBeGreaterThan(BigInt(first));
    expect(readClocks(request({ initialClk: first, clk: second }))).toEqual({
      initialClk: first,
      clk: second,
    });
    expect(readClocks(request({ initialClk: null }))).toEqual({});
  });

  it('refuses anything else as INVALID_INPUT, keeping the connection', () => {
    for (const clk of ['', '0', '007', '1e12', ' 12', '9007199254740993', 12, true, {}, []])
      expect(() => readClocks(request({ clk }))).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT', close: false }),
      );
  });
});

describe('resuming from clocks', () => {
  it('takes this process’s clocks in order and within the window, nothing else', () => {
    const [initialClk, clk] = [nextClk(), nextClk()];
    expect(resumePoint({ initialClk, clk })).toEqual({ initialClk: Number(initialClk), clk: Number(clk) });
    // Another process's origin, out of order, missing, not yet written, too old.
    expect(resumePoint({ initialClk, clk: String(Number(clk) + 1) })).toBeUndefined();
    expect(resumePoint({ initialClk: clk, clk: initialClk })).toBeUndefined();
    expect(resumePoint({ clk })).toBeUndefined();
    expect(resumePoint({ initialClk, clk: String(Number(clk) + 4096 * 60_000) })).toBeUndefined();
    expect(resumePoint({ initialClk, clk }, Date.now() + RESUME_WINDOW_MS + 1000)).toBeUndefined();
  });
});
