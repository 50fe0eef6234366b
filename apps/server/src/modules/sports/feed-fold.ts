import type { FeedEvent, Fixture, MarketOutcome, RunnerPpm, Score } from '@backlay/feed';

export type MarketStatusPatch = 'OPEN' | 'SUSPENDED' | 'SETTLED' | 'VOID';

export type MarketPatch = {
  status?: MarketStatusPatch;
  line?: { line: number; rangeRuns?: number };
  fairPpm?: RunnerPpm;
};

export type EventPatch = { inPlay?: true; finished?: true; score?: Score };

export type ResultRow = { marketId: string; outcome: MarketOutcome; atMs: number };

/** A batch of feed events reduced to the last state per fixture and market, ready for one write. */
export type FeedChanges = {
  fixtures: Fixture[];
  events: Map<string, EventPatch>;
  markets: Map<string, MarketPatch>;
  results: ResultRow[];
};

const isFinal = (status: MarketStatusPatch | undefined) => status === 'SETTLED' || status === 'VOID';

/**
 * Folds events in order: a later price, line or score replaces an earlier one of the same batch, and
 * a result is final, so a suspension or resumption reported after it within the batch is ignored.
 */
export function foldFeedEvents(events: readonly FeedEvent[]): FeedChanges {
  const changes: FeedChanges = { fixtures: [], events: new Map(), markets: new Map(), results: [] };
  const eventPatch = (id: string) => getOrAdd(changes.events, id);
  const marketPatch = (id: string) => getOrAdd(changes.markets, id);
  for (const event of events) {
    switch (event.type) {
      case 'FIXTURE_ADDED':
        changes.fixtures.push(event.fixture);
        break;
      case 'IN_PLAY':
        eventPatch(event.fixtureId).inPlay = true;
        break;
      case 'SCORE':
        eventPatch(event.fixtureId).score = event.score;
        break;
      case 'FIXTURE_CLOSED':
        eventPatch(event.fixtureId).finished = true;
        break;
      case 'FAIR_PRICES':
        for (const [marketId, ppm] of Object.entries(event.prices)) marketPatch(marketId).fairPpm = ppm;
        break;
      case 'LINE': {
        const patch = marketPatch(event.marketId);
        patch.line =
          event.rangeRuns === undefined
            ? { line: event.line }
            : { line: event.line, rangeRuns: event.rangeRuns };
        patch.fairPpm = event.probabilitiesPpm;
        break;
      }
      case 'SUSPEND':
      case 'RESUME': {
        const patch = marketPatch(event.marketId);
        if (!isFinal(patch.status)) patch.status = event.type === 'SUSPEND' ? 'SUSPENDED' : 'OPEN';
        break;
      }
      case 'RESULT':
        marketPatch(event.marketId).status = event.outcome.kind === 'VOID' ? 'VOID' : 'SETTLED';
        changes.results.push({ marketId: event.marketId, outcome: event.outcome, atMs: event.atMs });
        break;
    }
  }
  return changes;
}

function getOrAdd<T extends object>(map: Map<string, T>, id: string): T {
  let value = map.get(id);
  if (!value) {
    value = {} as T;
    map.set(id, value);
  }
  return value;
}
