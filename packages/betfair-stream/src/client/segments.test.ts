import { describe, expect, it } from 'vitest';
import { SegmentJoiner, SegmentOrderError } from './segments.ts';

const part = (segmentType: string | undefined, mc: unknown[], more = {}) => ({
  op: 'mcm',
  ...(segmentType ? { segmentType } : {}),
  mc,
  ...more,
});

describe('SegmentJoiner', () => {
  it('passes a whole message through and joins SEG_START…SEG_END into one', () => {
    const joiner = new SegmentJoiner();
    expect(joiner.push(part(undefined, [1]), 10)).toEqual(part(undefined, [1]));
    expect(joiner.push(part('SEG_START', [1]), 10)).toBeUndefined();
    expect(joiner.push(part('SEG', [2]), 10)).toBeUndefined();
    expect(joiner.push(part('SEG_END', [3], { clk: 'c', initialClk: 'i' }), 10)).toEqual({
      op: 'mcm',
      mc: [1, 2, 3],
      clk: 'c',
      initialClk: 'i',
    });
    expect(joiner.push(part('SEG_START', [4]), 10)).toBeUndefined();
    expect(joiner.push(part('SEG_END', [5]), 10)).toEqual({ op: 'mcm', mc: [4, 5] });
  });

  it('refuses parts out of order and a joined message past its bound', () => {
    expect(() => new SegmentJoiner().push(part('SEG', []), 1)).toThrow(SegmentOrderError);
    const open = new SegmentJoiner();
    open.push(part('SEG_START', []), 1);
    expect(() => open.push(part(undefined, []), 1)).toThrow(SegmentOrderError);
    const small = new SegmentJoiner(15);
    small.push(part('SEG_START', []), 10);
    expect(() => small.push(part('SEG', []), 10)).toThrow(/passed 15 bytes/);
  });
});
