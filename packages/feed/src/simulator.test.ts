import { describe, expect, it } from 'vitest';
import { ALWAYS_IN_PLAY } from './sports.ts';
import { createSimulator } from './simulator.ts';
import { SPORTS, type FeedEvent, type OddsFeed } from './types.ts';

const START_MS = 1_780_315_200_000; // 2026-06-01T12:00:00Z
const HOUR_MS = 3_600_000;

function collect(feed: OddsFeed, fromMs: number, toMs: number, stepMs: number): FeedEvent[] {
  const events: FeedEvent[] = [];
  for (let nowMs = fromMs; nowMs <= toMs; nowMs += stepMs) events.push(...feed.advance(nowMs));
  return events;
}

function byFixture(events: FeedEvent[]): Map<string, FeedEvent[]> {
  const groups = new Map<string, FeedEvent[]>();
  for (const event of events) {
    const id = event.type === 'FIXTURE_ADDED' ? event.fixture.id : event.fixtureId;
    groups.set(id, [...(groups.get(id) ?? []), event]);
  }
  return groups;
}

describe('createSimulator', () => {
  it('is deterministic: the same seed and calls give identical events', () => {
    const run = () =>
      collect(createSimulator({ seed: 'demo', startMs: START_MS }), START_MS, START_MS + 2 * HOUR_MS, 250);
    const first = run();
    expect(first.length).toBeGreaterThan(1000);
    expect(run()).toEqual(first);
    const other = collect(
      createSimulator({ seed: 'other', startMs: START_MS }),
      START_MS,
      START_MS + 2 * HOUR_MS,
      250,
    );
    expect(other).not.toEqual(first);
  });

  it('gives every fixture the same story whatever the polling interval', () => {
    const fine = collect(
      createSimulator({ seed: 7, startMs: START_MS }),
      START_MS,
      START_MS + 3 * HOUR_MS,
      250,
    );
    const coarse = collect(
      createSimulator({ seed: 7, startMs: START_MS }),
      START_MS,
      START_MS + 3 * HOUR_MS,
      600_000,
    );
    expect(byFixture(coarse)).toEqual(byFixture(fine));
  });

  it('keeps cricket, football and tennis in play and a full 48 h schedule, at many sampled times', () => {
    const feed = createSimulator({ seed: 11, startMs: START_MS });
    for (let nowMs = START_MS; nowMs <= START_MS + 72 * HOUR_MS; nowMs += 7 * 60_000 + 13_000) {
      feed.advance(nowMs);
      const fixtures = feed.snapshot().fixtures;
      for (const sport of SPORTS) {
        const upcoming = fixtures.filter(
          (f) =>
            f.fixture.sport === sport &&
            f.fixture.startMs > nowMs &&
            f.fixture.startMs <= nowMs + 48 * HOUR_MS,
        );
        expect(upcoming.length, `${sport} at +${(nowMs - START_MS) / HOUR_MS} h`).toBeGreaterThanOrEqual(
          ALWAYS_IN_PLAY.includes(sport) ? 6 : 2,
        );
      }
      for (const sport of ALWAYS_IN_PLAY) {
        const live = fixtures.filter((f) => f.fixture.sport === sport && f.status === 'IN_PLAY');
        expect(live.length, `${sport} in play at +${(nowMs - START_MS) / HOUR_MS} h`).toBeGreaterThanOrEqual(
          1,
        );
      }
    }
  });

  it('opens with matches already in play, with scores and prices, on the first advance', () => {
    const events = createSimulator({ seed: 3, startMs: START_MS }).advance(START_MS);
    const live = events.filter((event) => event.type === 'IN_PLAY');
    expect(live.length).toBeGreaterThanOrEqual(3);
    for (const event of live) {
      const mine = events.filter((e) => e.type !== 'FIXTURE_ADDED' && e.fixtureId === event.fixtureId);
      expect(mine.some((e) => e.type === 'FAIR_PRICES')).toBe(true);
    }
  });

  it('replays its state: the snapshot matches what the events said', () => {
    const feed = createSimulator({ seed: 5, startMs: START_MS });
    const events = collect(feed, START_MS, START_MS + HOUR_MS, 1000);
    const latest = new Map<string, Record<string, number>>();
    for (const event of events) {
      if (event.type === 'FAIR_PRICES')
        for (const [id, ppm] of Object.entries(event.prices)) latest.set(id, ppm);
    }
    for (const fixture of feed.snapshot().fixtures) {
      for (const [id, ppm] of Object.entries(fixture.prices)) expect(ppm).toEqual(latest.get(id));
    }
  });

  it('runs simulated time FEED_SPEED times faster and maps start times back to the wall clock', () => {
    const normal = createSimulator({ seed: 9, startMs: START_MS });
    const fast = createSimulator({ seed: 9, startMs: START_MS, speed: 10 });
    const slowEvents = collect(normal, START_MS, START_MS + 2 * HOUR_MS, 60_000);
    const fastEvents = collect(fast, START_MS, START_MS + 12 * 60_000, 6_000);
    const strip = (events: FeedEvent[]) => events.map((event) => ({ ...event, atMs: 0 }));
    const fixtureTimes = (events: FeedEvent[]) =>
      events.flatMap((event) => (event.type === 'FIXTURE_ADDED' ? [event.fixture.startMs - START_MS] : []));
    expect(fastEvents.length).toBe(slowEvents.length);
    expect(fixtureTimes(fastEvents)).toEqual(
      fixtureTimes(slowEvents).map((offsetMs) => Math.round(offsetMs / 10)),
    );
    const closedSlow = slowEvents.filter((e) => e.type === 'FIXTURE_CLOSED').map((e) => e.atMs - START_MS);
    const closedFast = fastEvents.filter((e) => e.type === 'FIXTURE_CLOSED').map((e) => e.atMs - START_MS);
    expect(closedFast).toEqual(closedSlow.map((offsetMs) => Math.round(offsetMs / 10)));
    expect(strip(fastEvents).filter((e) => e.type !== 'FIXTURE_ADDED')).toEqual(
      strip(slowEvents).filter((e) => e.type !== 'FIXTURE_ADDED'),
    );
  });

  it('names markets `<fixture id>.<kind>`: legal in a URL path segment, unique, the same for a seed', () => {
    const marketIds = (seed: string) =>
      collect(createSimulator({ seed, startMs: START_MS }), START_MS, START_MS + 6 * HOUR_MS, 60_000).flatMap(
        (event) => (event.type === 'FIXTURE_ADDED' ? event.fixture.markets.map((market) => market.id) : []),
      );
    const ids = marketIds('ids');
    expect(ids.length).toBeGreaterThan(500);
    expect(ids.every((id) => /^[a-z0-9-]+\.[a-z0-9-]+$/.test(id) && encodeURIComponent(id) === id)).toBe(
      true,
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(marketIds('ids')).toEqual(ids);
  });

  it('ignores a clock that goes backwards and rejects bad options', () => {
    const feed = createSimulator({ seed: 1, startMs: START_MS });
    feed.advance(START_MS + HOUR_MS);
    expect(feed.advance(START_MS)).toEqual([]);
    expect(() => createSimulator({ seed: 1, startMs: START_MS, speed: 0 })).toThrow(RangeError);
    expect(() => feed.advance(Number.NaN)).toThrow(RangeError);
  });

  it('closes every settled fixture with a result for each of its markets', () => {
    const events = collect(
      createSimulator({ seed: 21, startMs: START_MS }),
      START_MS,
      START_MS + 12 * HOUR_MS,
      60_000,
    );
    const groups = byFixture(events);
    let closed = 0;
    for (const fixtureEvents of groups.values()) {
      const added = fixtureEvents.find((e) => e.type === 'FIXTURE_ADDED');
      if (added?.type !== 'FIXTURE_ADDED' || !fixtureEvents.some((e) => e.type === 'FIXTURE_CLOSED'))
        continue;
      closed++;
      const settled = new Set(fixtureEvents.flatMap((e) => (e.type === 'RESULT' ? [e.marketId] : [])));
      expect([...settled].sort()).toEqual(added.fixture.markets.map((m) => m.id).sort());
    }
    expect(closed).toBeGreaterThan(40);
  });
});
