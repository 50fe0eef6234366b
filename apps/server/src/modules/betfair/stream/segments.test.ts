import { describe, expect, it } from 'vitest';
import { imageMessages, splitChanges } from './segments.ts';

const change = (id: number) => ({ id: `1.${id}`, pad: 'x'.repeat(40) });
const subscription = { id: 3, conflateMs: 0, heartbeatMs: 5000, segmentation: true };
const head = () => ({
  op: 'ocm',
  id: 3,
  conflateMs: 0,
  heartbeatMs: 5000,
  pt: expect.any(Number) as unknown,
  ct: 'SUB_IMAGE',
});
const clocks = { initialClk: 'a', clk: 'b' };

describe('image segments', () => {
  it('cuts changes in order within the bound, a larger change alone', () => {
    const size = JSON.stringify(change(1)).length + 1;
    const parts = splitChanges([1, 2, 3, 4, 5].map(change), size * 2);
    expect(parts.map((part) => part.map((one) => one.id))).toEqual([['1.1', '1.2'], ['1.3', '1.4'], ['1.5']]);
    expect(splitChanges([change(1)], 10)).toHaveLength(1);
    expect(splitChanges([], 10)).toEqual([[]]);
  });

  it('sends one message when the image fits, segmentation is off, or there is nothing to split', () => {
    const changes = [1, 2, 3].map(change);
    const off = { ...subscription, segmentation: false };
    expect(imageMessages('ocm', off, clocks, changes, 10)).toEqual([{ ...head(), ...clocks, oc: changes }]);
    expect(imageMessages('ocm', subscription, clocks, [], 10)).toEqual([{ ...head(), ...clocks }]);
    expect(imageMessages('mcm', subscription, clocks, [], 10)).toEqual([
      { ...head(), op: 'mcm', ...clocks, mc: [] },
    ]);
  });

  it('marks SEG_START, SEG and SEG_END, the clocks on the last only', () => {
    const messages = imageMessages('ocm', subscription, clocks, [1, 2, 3].map(change), 10);
    expect(messages).toEqual([
      { ...head(), segmentType: 'SEG_START', oc: [change(1)] },
      { ...head(), segmentType: 'SEG', oc: [change(2)] },
      { ...head(), ...clocks, segmentType: 'SEG_END', oc: [change(3)] },
    ]);
  });
});
