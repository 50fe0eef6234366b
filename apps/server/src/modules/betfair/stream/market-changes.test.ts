import { describe, expect, it, vi } from 'vitest';
import { Conflation } from './conflation.ts';
import { marketChange, readDataFilter } from './market-changes.ts';
import { ALL, market, runner } from './market-test-states.ts';

describe('market changes as a data filter shows them', () => {
  it('reads the filter as Betfair bounds it', () => {
    expect(readDataFilter(undefined)).toMatchObject({ ladderLevels: 3 });
    expect(() => readDataFilter({ fields: ['EX_NOPE'] })).toThrow(/fields/);
    expect(() => readDataFilter({ ladderLevels: 11 })).toThrow(/ladderLevels/);
    expect(readDataFilter({ fields: ['EX_LTP', 'EX_TRADED'] }).key).toBe(
      readDataFilter({ fields: ['EX_TRADED', 'EX_LTP'] }).key,
    );
  });

  it('sends an image of every asked field, empty ladders included', () => {
    const now = market([
      runner({
        back: [
          [2, 10],
          [1.9, 5],
          [1.8, 1],
        ],
        ltp: 2,
        tv: 4,
        traded: [[2, 4]],
      }),
    ]);
    expect(marketChange(ALL, undefined, now)).toEqual({
      id: '1.5',
      img: true,
      marketDefinition: { status: 'OPEN', version: 1 },
      rc: [
        {
          id: 7,
          atb: [
            [2, 10],
            [1.9, 5],
            [1.8, 1],
          ],
          atl: [],
          batb: [
            [0, 2, 10],
            [1, 1.9, 5],
          ],
          batl: [],
          trd: [[2, 4]],
          tv: 4,
          ltp: 2,
        },
      ],
      tv: 4,
    });
  });

  it('sends only what changed: sizes, removed prices as 0, emptied levels as [level, 0, 0]', () => {
    const before = market([
      runner({
        back: [
          [2, 10],
          [1.9, 5],
        ],
        lay: [[2.1, 3]],
      }),
    ]);
    const after = market([runner({ back: [[1.9, 5]], lay: [[2.1, 3]] })]);
    expect(marketChange(ALL, before, after)).toEqual({
      id: '1.5',
      rc: [
        {
          id: 7,
          atb: [[2, 0]],
          batb: [
            [0, 1.9, 5],
            [1, 0, 0],
          ],
        },
      ],
    });
    expect(marketChange(ALL, after, after)).toBeNull();
  });

  it('sends the definition when it changed, and nothing a filter does not ask for', () => {
    const before = market([runner()]);
    const suspended = market([runner({ lay: [[3, 1]] })], 'SUSPENDED');
    expect(marketChange(ALL, before, suspended)).toMatchObject({
      marketDefinition: { status: 'SUSPENDED' },
      rc: [{ id: 7, atl: [[3, 1]], batl: [[0, 3, 1]] }],
    });
    const ltpOnly = readDataFilter({ fields: ['EX_LTP'] });
    expect(marketChange(ltpOnly, before, suspended)).toBeNull();
  });
});

describe('conflation', () => {
  it('sends at most one merged change per period: the latest size of every level that moved', () => {
    vi.useFakeTimers();
    try {
      const sent: [Record<string, unknown>[], boolean][] = [];
      const conflation = new Conflation(500, ALL, (mc, con) => sent.push([mc, con]));
      const start = market([runner({ back: [[2, 10]], lay: [[2.1, 3]] })]);
      const moved = market([runner({ back: [[2, 4]], lay: [[2.1, 3]] })]);
      const latest = market([runner({ back: [[2, 6]] })]);
      conflation.changed(start, moved);
      conflation.start();
      conflation.changed(moved, latest);
      vi.advanceTimersByTime(499);
      expect(sent).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(sent).toEqual([
        [
          [
            {
              id: '1.5',
              rc: [{ id: 7, atb: [[2, 6]], atl: [[2.1, 0]], batb: [[0, 2, 6]], batl: [[0, 0, 0]] }],
            },
          ],
          true,
        ],
      ]);
      // One change after a quiet period waits out the rest of it, and is not marked conflated.
      conflation.changed(latest, moved);
      vi.advanceTimersByTime(499);
      expect(sent).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(sent[1]![1]).toBe(false);
      // A change undone within the period sends nothing; a stopped conflation sends nothing.
      conflation.changed(moved, latest);
      conflation.changed(latest, moved);
      vi.advanceTimersByTime(500);
      expect(sent).toHaveLength(2);
      conflation.changed(moved, latest);
      conflation.stop();
      vi.advanceTimersByTime(1000);
      expect(sent).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
