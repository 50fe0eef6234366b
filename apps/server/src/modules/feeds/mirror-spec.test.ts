import type { MarketDefinition, SourceMarket } from '@backlay/betfair-stream';
import { describe, expect, it } from 'vitest';
import { sportSlugOfEventType } from '../sports/index.ts';
import { mirroredMarketOf, portalStatusOf, sourceResultOf } from './mirror-spec.ts';
import { emptyNames, foldFixtures } from './names.ts';

const FEED = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
const TERMS = { commissionPercent: 2, minStakeMinor: 10_000n, maxStakeMinor: 50_000_000n };

const definition = (overrides: Partial<MarketDefinition> = {}): MarketDefinition => ({
  status: 'OPEN',
  eventId: '30610310',
  eventTypeId: '4',
  marketType: 'MATCH_ODDS',
  numberOfWinners: 1,
  marketTime: '2022-01-27T15:00:00.000Z',
  runners: [
    { id: 222, sortPriority: 2, status: 'ACTIVE' },
    { id: 111, sortPriority: 1, status: 'ACTIVE' },
    { id: 333, sortPriority: 3, status: 'ACTIVE' },
  ],
  ...overrides,
});
const market = (def: MarketDefinition | null): SourceMarket => ({
  id: '1.179676557',
  pt: 1,
  definition: def,
  runners: [],
});

describe('a source market as the portal keeps it', () => {
  it('takes names from the definition, then the catalogue, then cricket sports data, else the selection id', () => {
    const names = emptyNames();
    foldFixtures(names, [
      {
        marketId: '1.179676557',
        fixtureInfo: { eventDescription: 'Karachi Kings v Multan Sultans' },
        homeTeam: { name: 'Karachi Kings' },
        awayTeam: { name: 'Multan Sultans' },
      },
    ]);
    names.catalogue.set('1.179676557', { marketName: 'Match Odds', runners: new Map([[333, 'The Draw']]) });
    const mirrored = mirroredMarketOf(FEED, market(definition()), names, TERMS)!;
    expect(mirrored).toMatchObject({
      eventId: 'bf-0f1e2d3c4b5a-30610310',
      marketId: 'bf-0f1e2d3c4b5a-30610310.1-179676557',
      eventName: 'Karachi Kings v Multan Sultans',
      name: 'Match Odds',
      type: 'MATCH_ODDS',
      eventTypeId: 4,
    });
    expect(mirrored.runners).toEqual([
      { runnerId: '111', name: 'Karachi Kings', sortOrder: 0 },
      { runnerId: '222', name: 'Multan Sultans', sortOrder: 1 },
      { runnerId: '333', name: 'The Draw', sortOrder: 2 },
    ]);
    const named = mirroredMarketOf(
      FEED,
      market(definition({ name: 'Own', eventName: 'Own event' })),
      emptyNames(),
      TERMS,
    )!;
    expect(named).toMatchObject({ name: 'Own', eventName: 'Own event' });
    expect(named.runners.map((runner) => runner.name)).toEqual(['111', '222', '333']);
  });

  it('waits for a definition before it mirrors a market', () => {
    expect(mirroredMarketOf(FEED, market(null), emptyNames(), TERMS)).toBeNull();
  });

  it("shows the source's INACTIVE as suspended", () => {
    expect(['INACTIVE', 'OPEN', 'SUSPENDED', 'CLOSED'].map((s) => portalStatusOf(s as never))).toEqual([
      'SUSPENDED',
      'OPEN',
      'SUSPENDED',
      'CLOSED',
    ]);
  });

  it('reads a result only from a closed market with every runner decided', () => {
    const runners = (statuses: string[]) =>
      statuses.map((status, index) => ({ id: index + 1, sortPriority: index + 1, status }) as never);
    expect(sourceResultOf(definition({ status: 'SUSPENDED' }))).toBeNull();
    expect(sourceResultOf(definition({ status: 'CLOSED' }))).toBeNull();
    expect(
      sourceResultOf(definition({ status: 'CLOSED', runners: runners(['LOSER', 'WINNER', 'LOSER']) })),
    ).toEqual({
      winnerRunnerIds: ['2'],
    });
    expect(
      sourceResultOf(definition({ status: 'CLOSED', runners: runners(['PLACED', 'LOSER', 'PLACED']) })),
    ).toEqual({
      winnerRunnerIds: ['1', '3'],
    });
    expect(sourceResultOf(definition({ status: 'CLOSED', runners: runners(['LOSER', 'REMOVED']) }))).toEqual({
      winnerRunnerIds: [],
    });
  });

  it('names a sport for an event type the portal lacks with letters only', () => {
    expect(sportSlugOfEventType(12345)).toBe('sport-bcdef');
  });
});
