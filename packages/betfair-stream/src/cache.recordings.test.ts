import { describe, expect, it } from 'vitest';
import { MarketCache } from './cache.ts';
import { parseLine } from './parse.ts';
import { foldRecording, recordingLines } from './test-support/recordings.ts';
import type { SourceMarket } from './types.ts';

// The expected figures were read from the files independently of this package (a short script
// folding the JSON lines by hand), so they check the fold rather than restate it.

function statusById(market: SourceMarket | undefined): Map<number, string> {
  return new Map((market?.definition?.runners ?? []).map((runner) => [runner.id, runner.status]));
}

function runner(market: SourceMarket | undefined, id: number) {
  const found = market?.runners.find((book) => book.id === id);
  if (found === undefined) throw new Error(`runner ${id} missing`);
  return found;
}

describe('MarketCache on the recorded greyhound WIN market 1.197931750', () => {
  const { cache, results } = foldRecording('flumine/1.197931750');
  const market = cache.market('1.197931750');

  it('folds every line without dropping anything', () => {
    expect(results).toHaveLength(166);
    expect(results.flatMap((result) => result.skipped)).toEqual([]);
    expect(cache.marketIds()).toEqual(['1.197931750']);
    expect(cache.lastPt).toBe(JSON.parse(recordingLines('flumine/1.197931750')[165]!).pt);
  });

  it('ends CLOSED with exactly one WINNER', () => {
    expect(market?.definition?.status).toBe('CLOSED');
    const winners = [...statusById(market)].filter(([, status]) => status === 'WINNER');
    expect(winners).toEqual([[37947503, 'WINNER']]);
  });

  it('lists runners in sortPriority order with their final ltp and tv', () => {
    expect(market?.runners.map((book) => book.id)).toEqual([
      44331354, 37947503, 36276560, 42930960, 40095374, 39823721,
    ]);
    expect(runner(market, 39823721)).toMatchObject({ ltp: 1.56, tv: 18581.2 });
    expect(runner(market, 42930960)).toMatchObject({ ltp: 9.8, tv: 1356.78 });
  });

  it('has the best prices of the full depth at line 80', () => {
    const midway = foldRecording('flumine/1.197931750', 80).cache.market('1.197931750');
    expect(runner(midway, 42930960).atb.slice(0, 2)).toEqual([
      [9.8, 7.59],
      [9.6, 22.41],
    ]);
    expect(runner(midway, 42930960).atl.slice(0, 2)).toEqual([
      [10, 17.44],
      [10.5, 32.73],
    ]);
    expect(runner(midway, 40095374)).toMatchObject({ ltp: 16, tv: 517.41 });
  });

  it('keeps traded volume ascending by price', () => {
    const traded = runner(market, 39823721).trd.map(([price]) => price);
    expect(traded.length).toBeGreaterThan(0);
    expect(traded).toEqual([...traded].sort((a, b) => a - b));
  });
});

describe('MarketCache on the same race PLACE market 1.197931751', () => {
  const market = foldRecording('flumine/1.197931751').cache.market('1.197931751');

  it('ends CLOSED with two winners for numberOfWinners 2', () => {
    expect(market?.definition?.status).toBe('CLOSED');
    expect(market?.definition?.numberOfWinners).toBe(2);
    const placed = [...statusById(market)].filter(([, status]) => status === 'WINNER' || status === 'PLACED');
    expect(placed.map(([id]) => id).sort()).toEqual([37947503, 39823721]);
  });

  it('has the best prices at line 80', () => {
    const midway = foldRecording('flumine/1.197931751', 80).cache.market('1.197931751');
    expect(runner(midway, 42930960).atb[0]).toEqual([2.7, 1.72]);
    expect(runner(midway, 42930960).atl[0]).toEqual([2.74, 2]);
  });
});

describe('MarketCache on the BASIC historical file 1.132153978', () => {
  const { cache, results } = foldRecording('flumine/BASIC-1.132153978');
  const market = cache.market('1.132153978');

  it('ends CLOSED with its two non-runners REMOVED with their factors and removal dates', () => {
    expect(market?.definition?.status).toBe('CLOSED');
    const removed = market?.definition?.runners.filter((entry) => entry.status === 'REMOVED');
    expect(
      removed?.map(({ id, adjustmentFactor, removalDate }) => ({ id, adjustmentFactor, removalDate })),
    ).toEqual([
      { id: 11198538, adjustmentFactor: 7.14, removalDate: '2017-06-14T07:00:50.000Z' },
      { id: 9606433, adjustmentFactor: 5.55, removalDate: '2017-06-14T09:23:43.000Z' },
    ]);
    expect(statusById(market).get(12115648)).toBe('WINNER');
    expect(runner(market, 12115648).ltp).toBe(1.01);
    expect(runner(market, 10299545).ltp).toBe(1000);
  });

  it("keeps the file's averaged last traded prices that sit between ticks", () => {
    expect(results.flatMap((result) => result.skipped)).toEqual([]);
    const midway = foldRecording('flumine/BASIC-1.132153978', 80).cache.market('1.132153978');
    expect(runner(midway, 11695059).ltp).toBe(13.93);
    expect(runner(midway, 11695059).atb).toEqual([]);
  });
});

describe('MarketCache on single-message images and resubscription deltas', () => {
  it('folds a SUB_IMAGE of 137 markets, the book from the display ladders sorted best first', () => {
    const { cache, results } = foldRecording('betfairlightweight/streaming_mcm_SUB_IMAGE_no_market_def.json');
    expect(results[0]?.changed).toHaveLength(137);
    expect(results[0]?.definitions).toHaveLength(135);
    expect(cache.initialClk).toBe('kwKm4KWQBJsC2M7akgSVAo28h5EE');
    expect(cache.clk).toBe('AAAAAAAA');
    const market = cache.market('1.168845955');
    expect(market?.runners.map((book) => book.id)).toEqual([8477117, 12210252]);
    expect(runner(market, 8477117).atb.slice(0, 3)).toEqual([
      [3.45, 101.19],
      [3.4, 838.77],
      [3.35, 6747.13],
    ]);
    expect(runner(market, 8477117).atl.slice(0, 3)).toEqual([
      [3.5, 853.37],
      [3.55, 38.82],
      [3.6, 364.86],
    ]);
    expect(cache.market('1.169011225')?.definition).toBeNull();
  });

  it('folds a RESUB_DELTA of 43 markets from the best-offer levels', () => {
    const { cache, results } = foldRecording('betfairlightweight/streaming_mcm_RESUB_DELTA.json');
    expect(results[0]?.changed).toHaveLength(43);
    expect(results[0]?.definitions).toEqual(['1.128049357', '1.128049352']);
    expect(cache.market('1.128049352')?.definition?.status).toBe('SUSPENDED');
    const market = cache.market('1.128076835');
    expect(runner(market, 10868956)).toMatchObject({ atb: [[2.7, 179.35]], atl: [[2.74, 151.65]] });
    expect(runner(market, 10738672).atl).toEqual([]);
  });

  it('takes the line as the server would hand it over, via parseLine', () => {
    const cache = new MarketCache();
    const parsed = parseLine(recordingLines('betfairlightweight/streaming_mcm_RESUB_DELTA.json')[0]!);
    if (parsed.kind !== 'message') throw new Error('unreadable');
    expect(cache.apply(parsed.message, { marketIds: new Set(['1.128076835']) }).changed).toEqual([
      '1.128076835',
    ]);
    expect(cache.marketIds()).toEqual(['1.128076835']);
  });
});
