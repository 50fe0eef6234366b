import { describe, expect, it } from 'vitest';
import { catalogueTestApp } from './catalogue-test-app.ts';

const { current, call, errorOf, bfIdOf, bfMarket } = catalogueTestApp();

type Named = { marketCount: number; eventType?: { id: string }; event?: { name: string } };

describe('navigation', () => {
  it('lists sports with Betfair ids and their exchange markets (no house or closed ones)', async () => {
    const types = await call<Named[]>('listEventTypes', { filter: {} });
    const counts = Object.fromEntries(types.map((t) => [t.eventType!.id, t.marketCount]));
    // Football: Match Odds only (its bookmaker is house-priced, its tied match settled).
    expect(counts).toEqual({ '1': 1, '4': 2, '7': 1 });
    const cricket = await call<Named[]>('listEventTypes', { filter: { eventTypeIds: ['4'] } });
    expect(cricket).toEqual([{ eventType: { id: '4', name: 'Cricket' }, marketCount: 2 }]);
  });

  it('lists competitions with their own ids and events with Betfair numbers', async () => {
    const [premier] = await call<{ competition: { id: string; name: string } }[]>('listCompetitions', {
      filter: { eventTypeIds: ['1'] },
    });
    const [row] = await current.ctx.deps.db.query<{ id: bigint }>(
      `SELECT id FROM competitions WHERE name = 'Premier League'`,
    );
    expect(premier).toEqual({
      competition: { id: String(row!.id), name: 'Premier League' },
      marketCount: 1,
      competitionRegion: 'International',
    });
    const events = await call<{ event: Record<string, unknown>; marketCount: number }[]>('listEvents', {
      filter: { competitionIds: [String(row!.id)] },
    });
    expect(events).toEqual([
      {
        event: {
          id: await bfIdOf('events', 'id = $1', ['fx-ars-che']),
          name: 'Arsenal v Chelsea',
          timezone: 'UTC',
          openDate: '2031-01-11T12:00:00.000Z',
        },
        marketCount: 1,
      },
    ]);
  });

  it('filters by in play, start time and text in event, competition or market names', async () => {
    const names = async (filter: object) =>
      (await call<Named[]>('listEvents', { filter })).map((e) => e.event!.name).sort();
    expect(await names({ inPlayOnly: true })).toEqual(['India v Australia']);
    expect(await names({ inPlayOnly: false })).toEqual(['14:30 Ascot', 'Arsenal v Chelsea']);
    const window = { from: '2031-01-10T13:00:00Z', to: '2031-01-10T15:00:00.000Z' };
    expect(await names({ marketStartTime: window })).toEqual(['14:30 Ascot']);
    // A client's datetime.isoformat() sends no zone: it reads as UTC.
    expect(await names({ marketStartTime: { from: '2031-01-11T00:00:00' } })).toEqual(['Arsenal v Chelsea']);
    const offsets = { from: '2031-01-10T19:00:00+05:30', to: '2031-01-10T20:00:00.123456+05:30' };
    expect(await names({ marketStartTime: offsets })).toEqual(['14:30 Ascot']);
    expect(await names({ textQuery: 'ASCOT' })).toEqual(['14:30 Ascot']);
    expect(await names({ textQuery: 'premier' })).toEqual(['Arsenal v Chelsea']);
    // Football's tied match is settled: only cricket's is listed.
    expect(await names({ textQuery: 'tied' })).toEqual(['India v Australia']);
    expect(await names({ textQuery: 'Ind*Aus' })).toEqual(['India v Australia']);
    expect(await names({ textQuery: '100%' })).toEqual([]);
    expect(await names({ eventIds: [await bfIdOf('events', 'id = $1', ['fx-ascot'])] })).toEqual([
      '14:30 Ascot',
    ]);
  });

  it('refuses malformed filters', async () => {
    expect(await errorOf('listEvents', {})).toBe('INVALID_INPUT_DATA');
    expect(await errorOf('listEvents', { filter: { eventTypeIds: '1' } })).toBe('INVALID_INPUT_DATA');
    expect(await errorOf('listEvents', { filter: { eventIds: ['abc'] } })).toBe('INVALID_INPUT_DATA');
    expect(await errorOf('listEvents', { filter: { inPlayOnly: 'yes' } })).toBe('INVALID_INPUT_DATA');
    expect(await errorOf('listEvents', { filter: { marketStartTime: { from: 'tomorrow' } } })).toBe(
      'INVALID_INPUT_DATA',
    );
  });
});

describe('listMarketCatalogue', () => {
  const everything = [
    'COMPETITION',
    'EVENT',
    'EVENT_TYPE',
    'RUNNER_DESCRIPTION',
    'RUNNER_METADATA',
    'MARKET_START_TIME',
    'MARKET_DESCRIPTION',
  ];

  it('answers a market with every projection, a race as WIN', async () => {
    const [race] = await call('listMarketCatalogue', {
      filter: { marketTypeCodes: ['WIN'] },
      marketProjection: everything,
      maxResults: 10,
    });
    const selection = await bfIdOf('runners', 'market_id = $1 AND runner_id = $2', ['fx-ascot.win', 'r2']);
    expect(race).toMatchObject({
      marketId: await bfMarket('fx-ascot.win'),
      marketName: 'Win',
      totalMatched: 0,
      marketStartTime: '2031-01-10T14:00:00.000Z',
      eventType: { id: '7', name: 'Horse Racing' },
      competition: { name: 'Ascot' },
      event: { name: '14:30 Ascot', openDate: '2031-01-10T14:00:00.000Z', timezone: 'UTC' },
      description: {
        bettingType: 'ODDS',
        bspMarket: false,
        turnInPlayEnabled: false,
        marketType: 'WIN',
        marketBaseRate: 2,
        marketTime: '2031-01-10T14:00:00.000Z',
        suspendTime: '2031-01-10T14:00:00.000Z',
      },
    });
    expect((race!.runners as object[])[1]).toEqual({
      selectionId: Number(selection),
      runnerName: 'Arkle',
      handicap: 0,
      sortPriority: 2,
      metadata: { runnerId: selection },
    });
  });

  it('answers only what the projection asks, never a house market', async () => {
    const house = await bfMarket('fx-ars-che.bm');
    const mine = await bfMarket('fx-ars-che.mo');
    const markets = await call('listMarketCatalogue', {
      filter: { marketIds: [house, mine] },
      maxResults: 5,
    });
    expect(markets).toEqual([{ marketId: mine, marketName: 'Match Odds', totalMatched: 0 }]);
    const codes = await call('listMarketCatalogue', {
      filter: { marketTypeCodes: ['MATCH_ODDS'] },
      maxResults: 5,
    });
    expect(codes.map((m) => m.marketName)).toEqual(['Match Odds', 'Match Odds']);
  });

  it('sorts by start and holds to maxResults', async () => {
    const projection = ['MARKET_START_TIME'];
    const first = await call('listMarketCatalogue', {
      filter: {},
      marketProjection: projection,
      sort: 'FIRST_TO_START',
      maxResults: 2,
    });
    expect(first.map((m) => m.marketStartTime)).toEqual([
      '2031-01-10T11:00:00.000Z',
      '2031-01-10T11:00:00.000Z',
    ]);
    const last = await call('listMarketCatalogue', {
      filter: {},
      marketProjection: projection,
      sort: 'LAST_TO_START',
      maxResults: 1,
    });
    expect(last.map((m) => m.marketName)).toEqual(['Match Odds']);
  });

  it('refuses a missing or out of range maxResults and unknown projections', async () => {
    expect(await errorOf('listMarketCatalogue', { filter: {} })).toBe('INVALID_INPUT_DATA');
    expect(await errorOf('listMarketCatalogue', { filter: {}, maxResults: 1001 })).toBe('INVALID_INPUT_DATA');
    expect(await errorOf('listMarketCatalogue', { filter: {}, maxResults: 0 })).toBe('INVALID_INPUT_DATA');
    expect(await errorOf('listMarketCatalogue', { filter: {}, maxResults: 1000 })).toBe('none');
    expect(
      await errorOf('listMarketCatalogue', { filter: {}, maxResults: 5, marketProjection: ['PRICES'] }),
    ).toBe('INVALID_INPUT_DATA');
  });

  it('answers TOO_MUCH_DATA past 200 points (description and metadata weigh 1 each a market)', async () => {
    await current.ctx.deps.db.query(
      `INSERT INTO markets (id, event_id, type, name, sort_order, bet_delay_sec, min_stake_minor, max_stake_minor,
         commission_percent, house_priced)
       SELECT 'fx-many.' || n, 'fx-ascot', 'MATCH_ODDS', 'Place ' || n, n, 0, 100, 1000, 2, false
         FROM generate_series(1, 101) AS n`,
    );
    const ask = (maxResults: number) => ({
      filter: { textQuery: 'Place ' },
      marketProjection: ['MARKET_DESCRIPTION', 'RUNNER_METADATA'],
      maxResults,
    });
    expect(await errorOf('listMarketCatalogue', ask(100))).toBe('none');
    expect(await errorOf('listMarketCatalogue', ask(101))).toBe('TOO_MUCH_DATA');
    const plain = await call('listMarketCatalogue', { filter: { textQuery: 'Place ' }, maxResults: 1000 });
    expect(plain).toHaveLength(101);
    await current.ctx.deps.db.query(`UPDATE markets SET status = 'CLOSED' WHERE id LIKE 'fx-many.%'`);
  });
});
