import { describe, expect, it } from 'vitest';
import { MarketCache, type CacheSnapshot } from './cache.ts';
import type { McmMessage } from './types.ts';

const change = (pt: number, id: string, ltp: number): McmMessage => ({
  op: 'mcm',
  pt,
  clk: `c${pt}`,
  mc: [{ id, rc: [{ id: 3, ltp, atb: [[ltp, 10]] }] }],
});

/** Snapshots laid over each other by market id, as rows kept per market are. */
function layered(snapshots: readonly CacheSnapshot[]): CacheSnapshot {
  const markets = new Map(snapshots.flatMap((snapshot) => snapshot.markets.map((m) => [m.id, m] as const)));
  return { ...snapshots.at(-1)!, markets: [...markets.values()] };
}

describe('MarketCache#snapshotTouched', () => {
  it('holds the clocks and only the markets addressed since the last call', () => {
    const cache = new MarketCache();
    cache.apply(change(1, '1.1', 2));
    cache.apply(change(2, '1.2', 3));
    const first = cache.snapshotTouched();
    expect(first.markets.map((m) => m.id)).toEqual(['1.1', '1.2']);
    cache.apply(change(3, '1.2', 4));
    cache.apply({ op: 'mcm', pt: 4, clk: 'c4', ct: 'HEARTBEAT' });
    const second = cache.snapshotTouched();
    expect(second.markets.map((m) => m.id)).toEqual(['1.2']);
    expect([second.clk, second.lastPt]).toEqual(['c4', 4]);
    expect(cache.snapshotTouched().markets).toEqual([]);
    expect(layered([first, second])).toEqual(cache.snapshot());
    expect(MarketCache.restore(layered([first, second])).market('1.2')).toEqual(cache.market('1.2'));
  });

  it('counts a market a change created without changing its book', () => {
    const cache = new MarketCache();
    cache.apply({ op: 'mcm', pt: 1, mc: [{ id: '1.9' }] });
    expect(cache.snapshotTouched().markets.map((m) => m.id)).toEqual(['1.9']);
  });
});
