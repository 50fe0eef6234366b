import { describe, expect, it } from 'vitest';
import { MarketCache } from './cache.ts';
import { foldRecording, recordingLines } from './test-support/recordings.ts';
import { parseLine } from './parse.ts';
import type { MarketChange, McmMessage, RunnerChange, StreamMessage } from './types.ts';

const MARKET = '1.2';

function mcm(pt: number, changes: MarketChange[], extra: Partial<McmMessage> = {}): McmMessage {
  return { op: 'mcm', pt, mc: changes, ...extra };
}

function runnerChange(change: Omit<RunnerChange, 'id'>, id = 3): MarketChange {
  return { id: MARKET, rc: [{ id, ...change }] };
}

const definition = {
  status: 'OPEN' as const,
  runners: [
    { id: 4, sortPriority: 2, status: 'ACTIVE' as const },
    { id: 3, sortPriority: 1, status: 'ACTIVE' as const },
  ],
};

function book(cache: MarketCache, id = 3) {
  return cache.market(MARKET)?.runners.find((runner) => runner.id === id);
}

describe('MarketCache deltas', () => {
  it('removes a price on a size of 0 and a level on a size of 0', () => {
    const cache = new MarketCache();
    cache.apply(
      mcm(1, [
        runnerChange({
          atb: [
            [2.5, 10],
            [2.4, 5],
          ],
          batl: [
            [0, 2.6, 7],
            [1, 2.62, 3],
          ],
        }),
      ]),
    );
    cache.apply(mcm(2, [runnerChange({ atb: [[2.5, 0]], batl: [[0, 0, 0]] })]));
    expect(book(cache)?.atb).toEqual([[2.4, 5]]);
    expect(book(cache)?.atl).toEqual([[2.62, 3]]);
  });

  it('replaces a price or a level with its new size', () => {
    const cache = new MarketCache();
    cache.apply(mcm(1, [runnerChange({ atl: [[3, 1]], trd: [[3, 10]], ltp: 3, tv: 10 })]));
    cache.apply(
      mcm(2, [
        runnerChange({
          atl: [[3, 4]],
          trd: [
            [3, 12],
            [2.9, 1],
          ],
          ltp: 2.9,
          tv: 13,
        }),
      ]),
    );
    expect(book(cache)).toEqual({
      id: 3,
      hc: 0,
      ltp: 2.9,
      tv: 13,
      atb: [],
      atl: [[3, 4]],
      trd: [
        [2.9, 1],
        [3, 12],
      ],
    });
  });

  it('prefers full depth, then the real levels, then the display levels', () => {
    const cache = new MarketCache();
    cache.apply(mcm(1, [runnerChange({ bdatb: [[0, 2.1, 9]], bdatl: [[0, 2.2, 9]] })]));
    expect(book(cache)).toMatchObject({ atb: [[2.1, 9]], atl: [[2.2, 9]] });
    cache.apply(
      mcm(2, [
        runnerChange({
          batb: [
            [1, 1.9, 2],
            [0, 2, 1],
          ],
        }),
      ]),
    );
    expect(book(cache)).toMatchObject({
      atb: [
        [2, 1],
        [1.9, 2],
      ],
      atl: [[2.2, 9]],
    });
    cache.apply(
      mcm(3, [
        runnerChange({
          atb: [
            [1.5, 4],
            [1.8, 3],
          ],
          atl: [],
        }),
      ]),
    );
    expect(book(cache)).toMatchObject({
      atb: [
        [1.8, 3],
        [1.5, 4],
      ],
      atl: [],
    });
  });

  it('keeps runners apart by handicap', () => {
    const cache = new MarketCache();
    cache.apply(
      mcm(1, [
        {
          id: MARKET,
          rc: [
            { id: 3, hc: -1.5, ltp: 2 },
            { id: 3, hc: 1.5, ltp: 3 },
          ],
        },
      ]),
    );
    expect(cache.market(MARKET)?.runners.map(({ hc, ltp }) => [hc, ltp])).toEqual([
      [-1.5, 2],
      [1.5, 3],
    ]);
  });
});

describe('MarketCache images and definitions', () => {
  it('starts the book afresh on img and keeps the definition when the image has none', () => {
    const cache = new MarketCache();
    cache.apply(
      mcm(1, [{ ...runnerChange({ atb: [[2.5, 10]], ltp: 2.5, tv: 4 }), marketDefinition: definition }]),
    );
    const result = cache.apply(mcm(2, [{ ...runnerChange({ atl: [[3, 1]] }, 4), img: true }]));
    expect(result).toEqual({ changed: [MARKET], definitions: [], skipped: [] });
    const market = cache.market(MARKET);
    expect(market?.definition?.status).toBe('OPEN');
    expect(market?.runners).toEqual([
      { id: 3, hc: 0, ltp: null, tv: 0, atb: [], atl: [], trd: [] },
      { id: 4, hc: 0, ltp: null, tv: 0, atb: [], atl: [[3, 1]], trd: [] },
    ]);
  });

  it('replaces the definition whole and reports it', () => {
    const cache = new MarketCache();
    cache.apply(mcm(1, [{ id: MARKET, marketDefinition: { ...definition, venue: 'Ascot' } }]));
    const closed = {
      status: 'CLOSED' as const,
      runners: [{ id: 3, sortPriority: 1, status: 'WINNER' as const }],
    };
    expect(cache.apply(mcm(2, [{ id: MARKET, marketDefinition: closed }])).definitions).toEqual([MARKET]);
    expect(cache.market(MARKET)?.definition).toEqual(closed);
    expect(cache.market(MARKET)?.pt).toBe(2);
  });

  it('lists runners the definition lacks after those it has, in first-seen order', () => {
    const cache = new MarketCache();
    cache.apply(
      mcm(1, [
        {
          id: MARKET,
          rc: [
            { id: 9, ltp: 5 },
            { id: 4, ltp: 4 },
          ],
        },
      ]),
    );
    cache.apply(mcm(2, [{ id: MARKET, marketDefinition: definition }]));
    expect(cache.market(MARKET)?.runners.map((runner) => runner.id)).toEqual([3, 4, 9]);
  });

  it('hands out a definition readers cannot change', () => {
    const cache = new MarketCache();
    cache.apply(mcm(1, [{ id: MARKET, marketDefinition: structuredClone(definition) }]));
    const seen = cache.market(MARKET)?.definition;
    expect(() => {
      (seen as { status: string }).status = 'CLOSED';
    }).toThrow(TypeError);
    expect(cache.market(MARKET)?.definition?.status).toBe('OPEN');
  });
});

describe('MarketCache bad input', () => {
  it('drops an off-ladder price and a negative size with reasons, keeping the rest of the change', () => {
    const cache = new MarketCache();
    const result = cache.apply(
      mcm(1, [
        runnerChange({
          atb: [
            [1.015, 5],
            [2, -1],
            [1.5, 2],
          ],
          batl: [[0, 2.03, 1]],
          tv: Number.NaN,
          ltp: 2,
        }),
      ]),
    );
    expect(result.skipped).toEqual([
      'atb price 1.015 is off the ladder (market 1.2, runner 3)',
      'atb size -1 is negative at price 2 (market 1.2, runner 3)',
      'batl price 2.03 is off the ladder (market 1.2, runner 3)',
      'tv NaN is not a number (market 1.2, runner 3)',
    ]);
    expect(result.changed).toEqual([MARKET]);
    expect(book(cache)).toMatchObject({ atb: [[1.5, 2]], atl: [], ltp: 2, tv: 0 });
  });

  it('reports malformed entries, runner changes and market changes without stopping', () => {
    const cache = new MarketCache();
    const message = {
      op: 'mcm',
      pt: 1,
      mc: [
        null,
        { id: 7 },
        { id: MARKET, rc: [{ atb: [[2, 1]] }, { id: 3, atb: [[2]], batb: [[-1, 2, 1]], ltp: 1001 }] },
        { id: '1.3', marketDefinition: { status: 'OPEN' } },
      ],
    } as unknown as StreamMessage;
    const result = cache.apply(message);
    expect(result.skipped).toEqual([
      'market change null has no market id',
      'market change {"id":7} has no market id',
      'runner change {"atb":[[2,1]]} has no numeric id (market 1.2)',
      'atb entry [2] is not [price, size] (market 1.2, runner 3)',
      'batb level -1 is not a level 0..99 (market 1.2, runner 3)',
      'ltp price 1001 is outside 1.01..1000 (market 1.2, runner 3)',
      'market definition without a runners list (market 1.3)',
    ]);
    expect(cache.market('1.3')?.definition).toBeNull();
  });

  it('bounds the reasons one message can produce', () => {
    const cache = new MarketCache();
    const atb = Array.from({ length: 250 }, (): [number, number] => [1.015, 1]);
    const skipped = cache.apply(mcm(1, [runnerChange({ atb })])).skipped;
    expect(skipped).toHaveLength(101);
    expect(skipped[100]).toBe('… and 150 more');
  });
});

describe('MarketCache clocks, other operations and filters', () => {
  it('keeps clk and initialClk, and a heartbeat changes nothing else', () => {
    const cache = new MarketCache();
    cache.apply(mcm(1, [runnerChange({ ltp: 2 })], { clk: 'A', initialClk: 'I' }));
    const before = cache.snapshot();
    const result = cache.apply({ op: 'mcm', pt: 9, clk: 'B', ct: 'HEARTBEAT' });
    expect(result).toEqual({ changed: [], definitions: [], skipped: [] });
    expect([cache.clk, cache.initialClk, cache.lastPt]).toEqual(['B', 'I', 9]);
    expect(cache.snapshot().markets).toEqual(before.markets);
  });

  it('gives a message built without a pt the stream time so far', () => {
    const cache = new MarketCache();
    cache.apply(mcm(5, [runnerChange({ ltp: 2 })]));
    cache.apply({ op: 'mcm', mc: [{ id: '1.9', rc: [{ id: 1, ltp: 3 }] }] } as unknown as StreamMessage);
    expect(cache.market('1.9')?.pt).toBe(5);
    expect(cache.lastPt).toBe(5);
  });

  it('ignores other operations', () => {
    const cache = new MarketCache();
    const cricket = parseLine(recordingLines('betfairlightweight/CRICKET-1.179676557')[0]!);
    if (cricket.kind !== 'message') throw new Error('unreadable');
    for (const message of [cricket.message, { op: 'status', statusCode: 'SUCCESS' }, { op: '' }]) {
      expect(cache.apply(message)).toEqual({ changed: [], definitions: [], skipped: [] });
    }
    expect([cache.marketIds(), cache.clk, cache.lastPt]).toEqual([[], null, null]);
  });

  it('folds only the markets asked for', () => {
    const cache = new MarketCache();
    const result = cache.apply(mcm(1, [runnerChange({ ltp: 2 }), { id: '1.9', rc: [{ id: 1, ltp: 3 }] }]), {
      marketIds: new Set(['1.9']),
    });
    expect(result.changed).toEqual(['1.9']);
    expect(cache.marketIds()).toEqual(['1.9']);
  });
});

describe('MarketCache snapshots', () => {
  it('restores from JSON to the same state and folds on identically', () => {
    const name = 'flumine/1.197931750';
    const { cache } = foldRecording(name, 83);
    const restored = MarketCache.restore(JSON.parse(JSON.stringify(cache.snapshot())));
    expect(restored.snapshot()).toEqual(cache.snapshot());
    expect(restored.market('1.197931750')).toEqual(cache.market('1.197931750'));
    for (const line of recordingLines(name).slice(83)) {
      const parsed = parseLine(line);
      if (parsed.kind !== 'message') continue;
      expect(restored.apply(parsed.message)).toEqual(cache.apply(parsed.message));
    }
    expect(restored.market('1.197931750')).toEqual(foldRecording(name).cache.market('1.197931750'));
    expect([restored.clk, restored.lastPt]).toEqual([cache.clk, cache.lastPt]);
  });

  it('refuses a snapshot of an unknown version', () => {
    expect(() => MarketCache.restore({ version: 2 } as never)).toThrow(/version 2/);
  });
});
