import type {
  FeedEvent,
  FixtureSnapshot,
  FixtureStatus,
  MarketOutcome,
  RunnerPpm,
  Score,
  SuspendReason,
} from '../types.ts';
import type { BuiltFixture } from './fixture-factory.ts';

/** What a late joiner needs about one open fixture; updated from the events as they are made. */
export class FixtureBook {
  status: FixtureStatus = 'SCHEDULED';
  score: Score | null = null;
  readonly prices: Record<string, RunnerPpm> = {};
  readonly lines: Record<string, { line: number; rangeRuns?: number; probabilitiesPpm: RunnerPpm }> = {};
  readonly suspended = new Map<string, SuspendReason>();
  readonly results = new Map<string, MarketOutcome>();

  constructor(readonly built: BuiltFixture) {}

  apply(event: FeedEvent): void {
    switch (event.type) {
      case 'IN_PLAY':
        this.status = 'IN_PLAY';
        break;
      case 'SCORE':
        this.score = event.score;
        break;
      case 'FAIR_PRICES':
        Object.assign(this.prices, event.prices);
        break;
      case 'LINE':
        this.lines[event.marketId] = {
          line: event.line,
          rangeRuns: event.rangeRuns,
          probabilitiesPpm: event.probabilitiesPpm,
        };
        break;
      case 'SUSPEND':
        this.suspended.set(event.marketId, event.reason);
        break;
      case 'RESUME':
        this.suspended.delete(event.marketId);
        break;
      case 'RESULT':
        this.results.set(event.marketId, event.outcome);
        break;
      case 'FIXTURE_CLOSED':
        this.status = 'CLOSED';
        break;
      default:
        break;
    }
  }

  snapshot(): FixtureSnapshot {
    const lines: Record<string, { line: number; rangeRuns?: number }> = {};
    for (const [id, entry] of Object.entries(this.lines)) {
      lines[id] =
        entry.rangeRuns === undefined
          ? { line: entry.line }
          : { line: entry.line, rangeRuns: entry.rangeRuns };
    }
    return {
      fixture: this.built.fixture,
      status: this.status,
      score: this.score,
      prices: { ...this.prices },
      lines,
      suspendedMarketIds: [...this.suspended.keys()].sort(),
    };
  }

  /** Events that rebuild this fixture's current state from nothing, stamped `atMs`. */
  replay(atMs: number): FeedEvent[] {
    const fixtureId = this.built.fixture.id;
    const events: FeedEvent[] = [{ type: 'FIXTURE_ADDED', atMs, fixture: this.built.fixture }];
    if (this.status === 'IN_PLAY') events.push({ type: 'IN_PLAY', atMs, fixtureId });
    if (this.score !== null) events.push({ type: 'SCORE', atMs, fixtureId, score: this.score });
    const open = (id: string) => !this.results.has(id);
    const prices = Object.fromEntries(Object.entries(this.prices).filter(([id]) => open(id)));
    if (Object.keys(prices).length > 0) events.push({ type: 'FAIR_PRICES', atMs, fixtureId, prices });
    for (const [marketId, entry] of Object.entries(this.lines)) {
      if (!open(marketId)) continue;
      const { line, rangeRuns, probabilitiesPpm } = entry;
      const range = rangeRuns === undefined ? {} : { rangeRuns };
      events.push({ type: 'LINE', atMs, fixtureId, marketId, line, probabilitiesPpm, ...range });
    }
    for (const [marketId, reason] of this.suspended) {
      events.push({ type: 'SUSPEND', atMs, fixtureId, marketId, reason });
    }
    for (const [marketId, outcome] of this.results)
      events.push({ type: 'RESULT', atMs, fixtureId, marketId, outcome });
    return events;
  }
}
