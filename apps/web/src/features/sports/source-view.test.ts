import { describe, expect, it } from 'vitest';
import {
  isNonRunner,
  nonRunners,
  nonRunnerText,
  runnersInOrder,
  sourceHoldsBets,
  sourceLevels,
  sourceStatusText,
  sourceSizeText,
  tradedText,
} from './source-view.ts';
import { sourceBook, sourceRunner } from './source-fixtures.ts';

describe('the source book on the match page', () => {
  it('takes the best three levels a side, padding with nulls', () => {
    expect(
      sourceLevels(
        [
          [8.8, 18.62],
          [8.6, 4.83],
        ],
        3,
      ),
    ).toEqual([{ price: 8.8, size: 18.62 }, { price: 8.6, size: 4.83 }, null]);
  });

  it('names non-runners with when they went and their reduction, each only when known', () => {
    const removed = sourceRunner('r2', {
      status: 'REMOVED',
      adjustmentFactor: 12.5,
      removalDate: '2022-04-19T18:20:05.000Z',
    });
    expect(isNonRunner(removed)).toBe(true);
    expect(nonRunnerText(removed)).toMatch(
      /^Non-runner · removed 19\/04\/2022 \d\d:20:05 [AP]M · reduction 12.5%$/,
    );
    expect(nonRunnerText(sourceRunner('r3', { status: 'REMOVED' }))).toBe('Non-runner');
    const book = sourceBook([sourceRunner('r1'), removed]);
    expect([...nonRunners(book).keys()]).toEqual(['r2']);
    expect(nonRunners(null).size).toBe(0);
  });

  it("keeps the portal's runner order, with any it does not list last", () => {
    const book = sourceBook([sourceRunner('c'), sourceRunner('x'), sourceRunner('a')]);
    expect(runnersInOrder(book, ['a', 'b', 'c']).map((runner) => runner.id)).toEqual(['a', 'c', 'x']);
  });

  it('says in play, suspended or closed as the source does, and holds bets unless it is open', () => {
    expect(sourceStatusText({ status: 'OPEN', inPlay: false })).toBeNull();
    expect(sourceStatusText({ status: 'OPEN', inPlay: true })).toBe('In play');
    expect(sourceStatusText({ status: 'SUSPENDED', inPlay: true })).toBe('Suspended');
    expect(sourceStatusText({ status: 'CLOSED', inPlay: false })).toBe('CLOSED');
    expect(sourceHoldsBets(sourceBook([], { status: 'SUSPENDED' }))).toBe(true);
    expect(sourceHoldsBets(sourceBook([]))).toBe(false);
    expect(sourceHoldsBets(null)).toBe(false);
  });

  it('shows last traded price and traded volume', () => {
    expect(tradedText(sourceRunner('r', { ltp: 8.8, tv: 1234.56 }))).toBe('LTP 8.8 · 1.2K traded');
    expect(tradedText(sourceRunner('r'))).toBe('Not traded yet');
    expect([0.4, 18.62, 1234.5].map(sourceSizeText)).toEqual(['0.4', '18.6', '1.2K']);
  });
});
