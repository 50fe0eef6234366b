import { describe, expect, it } from 'vitest';
import { nextClk, readClocks } from './clocks.ts';

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
