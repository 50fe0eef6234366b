import { describe, expect, it } from 'vitest';
import { listRunnersOf, outcomeColumns, sortEvents, type ListRunner } from './list-rows.ts';
import { pickFeaturedEvent } from './featured-event.ts';

const runner = (id: string): ListRunner => ({ id, name: id, back: null, lay: null });

describe('sports list rows', () => {
  it('puts home, draw and away under 1, X and 2', () => {
    const columns = outcomeColumns([runner('home'), runner('away'), runner('draw')]);
    expect(columns?.map((c) => c?.id ?? null)).toEqual(['home', 'draw', 'away']);
    expect(outcomeColumns([runner('home'), runner('away')])?.map((c) => c?.id ?? null)).toEqual([
      'home',
      null,
      'away',
    ]);
    expect(outcomeColumns([runner('p1'), runner('p2')])?.map((c) => c?.id ?? null)).toEqual([
      'p1',
      null,
      'p2',
    ]);
  });

  it('has no 1/X/2 columns for races and outrights', () => {
    expect(outcomeColumns(['r1', 'r2', 'r3', 'r4'].map(runner))).toBeNull();
    expect(outcomeColumns(['home', 'away', 'r3'].map(runner))).toBeNull();
    expect(outcomeColumns([runner('r1')])).toBeNull();
  });

  it('lists in-play events first, then by start time', () => {
    const events = [
      { id: 'late', inPlay: false, startTime: '2026-11-23T15:00:00Z' },
      { id: 'live', inPlay: true, startTime: '2026-11-23T10:00:00Z' },
      { id: 'soon', inPlay: false, startTime: '2026-11-23T12:00:00Z' },
    ];
    expect(sortEvents(events).map((e) => e.id)).toEqual(['live', 'soon', 'late']);
  });

  it('reads the best back and lay of a streamed market', () => {
    const market = {
      runners: [
        {
          id: 'home',
          name: 'A',
          back: [
            { price: 1.9, size: '10.00' },
            { price: 1.89, size: '5.00' },
          ],
          lay: [],
          fairPpm: null,
        },
      ],
    };
    expect(listRunnersOf(market)).toEqual([
      { id: 'home', name: 'A', back: { price: 1.9, size: '10.00' }, lay: null },
    ]);
  });

  it('features the first in-play event, else the next to start', () => {
    const base = { sport: 'cricket', competition: 'c', name: 'n', marketId: null, runners: [] };
    const scheduled = {
      ...base,
      id: 'next',
      inPlay: false,
      status: 'SCHEDULED' as const,
      startTime: '2026-11-23T12:00:00Z',
    };
    const live = {
      ...base,
      id: 'live',
      inPlay: true,
      status: 'IN_PLAY' as const,
      startTime: '2026-11-23T13:00:00Z',
    };
    expect(pickFeaturedEvent([scheduled, live])).toBe('live');
    expect(pickFeaturedEvent([scheduled])).toBe('next');
    expect(pickFeaturedEvent([])).toBeNull();
  });
});
