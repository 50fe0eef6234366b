import type { SourceBook } from '@backlay/contracts';
import { describe, expect, it } from 'vitest';
import { bookmakerLineOf, midPpm } from './bookmaker-lines.ts';

type Runner = SourceBook['runners'][number];

const runner = (id: string, fields: Partial<Runner>): Runner => ({
  id,
  sourceSelectionId: Number(id),
  name: id,
  status: 'ACTIVE',
  adjustmentFactor: null,
  ltp: null,
  tv: 0,
  atb: [],
  atl: [],
  trd: [],
  ...fields,
});

const book = (fields: Partial<SourceBook>, runners: Runner[]): SourceBook => ({
  feedId: 'f',
  sourceMarketId: '1.1',
  pt: 0,
  status: 'OPEN',
  inPlay: false,
  terms: { marketType: 'WIN', numberOfWinners: 1, marketTime: null, betDelay: 0, bspMarket: false },
  runners,
  ...fields,
});

describe('a runner mid chance', () => {
  it('is the mean of the chances of the best back and the best lay', () => {
    // 1/2.0 = 0.5 and 1/2.5 = 0.4: the mean is 0.45 (the mean price 2.25 would say 0.444…).
    const priced = runner('1', {
      atb: [
        [2, 10],
        [1.9, 50],
      ],
      atl: [
        [2.5, 5],
        [3, 9],
      ],
    });
    expect(midPpm(priced, false)).toBe(450_000);
  });

  it('rounds to the nearest part per million without a float', () => {
    // (1/3 + 1/7) / 2 = 5/21 = 0.2380952…
    expect(midPpm(runner('1', { atb: [[3, 1]], atl: [[7, 1]] }), false)).toBe(238_095);
    // (1/1.01 + 1/1.02) / 2 = 0.9852455…
    expect(midPpm(runner('1', { atb: [[1.01, 1]], atl: [[1.02, 1]] }), false)).toBe(985_246);
  });

  it('takes the last traded price when a side is empty before the off, and nothing in play', () => {
    const oneSided = runner('1', { atb: [[4, 10]], ltp: 5 });
    expect(midPpm(oneSided, false)).toBe(200_000);
    expect(midPpm(oneSided, true)).toBeNull();
    expect(midPpm(runner('1', {}), false)).toBeNull();
  });

  it('offers no removed runner and skips prices it cannot read exactly', () => {
    const removed = runner('1', { status: 'REMOVED', atb: [[2, 10]], atl: [[2.02, 10]] });
    expect(midPpm(removed, false)).toBeNull();
    // 1.005 has three places and 1.0 is below the ladder: the next best back, 1.98, counts.
    const unreadable = runner('1', {
      atb: [
        [1.005, 5],
        [1, 5],
        [1.98, 5],
      ],
      atl: [[2.02, 5]],
    });
    // (1/1.98 + 1/2.02) / 2 = 0.50005.
    expect(midPpm(unreadable, false)).toBe(500_050);
  });

  it("reads a historical file's averaged last traded price, off the ladder", () => {
    // 1/16.53 = 0.0604960…
    expect(midPpm(runner('1', { ltp: 16.53 }), false)).toBe(60_496);
  });
});

describe('the line a source book asks for', () => {
  const priced = [runner('1', { atb: [[2, 10]], atl: [[2.04, 10]] }), runner('2', {})];

  it('follows a win market: open while the source is, suspended or closed with it', () => {
    const line = bookmakerLineOf('m', book({}, priced));
    expect(line).toEqual({
      marketId: 'm',
      status: 'OPEN',
      inPlay: false,
      fairPpm: { '1': 495_098, '2': null },
    });
    expect(bookmakerLineOf('m', book({ status: 'SUSPENDED' }, priced))?.status).toBe('SUSPENDED');
    expect(bookmakerLineOf('m', book({ status: 'CLOSED' }, priced))?.status).toBe('CLOSED');
  });

  it('is suspended in play without prices', () => {
    const stale = [runner('1', { ltp: 2 }), runner('2', { ltp: 3 })];
    expect(bookmakerLineOf('m', book({ inPlay: true }, stale))).toMatchObject({
      status: 'SUSPENDED',
      inPlay: true,
    });
  });

  it('is none for a market of several winners, another type, or one without a definition', () => {
    const terms = book({}, priced).terms!;
    expect(bookmakerLineOf('m', book({ terms: { ...terms, numberOfWinners: 2 } }, priced))).toBeNull();
    expect(bookmakerLineOf('m', book({ terms: { ...terms, marketType: 'PLACE' } }, priced))).toBeNull();
    expect(bookmakerLineOf('m', book({ terms: undefined }, priced))).toBeNull();
  });
});
