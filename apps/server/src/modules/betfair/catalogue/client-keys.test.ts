import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/test-app.ts';
import type { ApiNgParams } from '../api-ng/operation.ts';
import { CATALOGUE_EVENTS, insertEvents, tradingClient } from './catalogue-fixtures.ts';
import { createCatalogueOperations } from './index.ts';

/**
 * Every answer against the keys betfairlightweight 2.22.0 reads (resources/bettingresources.py): its
 * EventType, Competition, Event, catalogue description, RunnerBookEX and PriceSize take exactly named
 * arguments, so a missing required key or any unknown key makes the client fail the whole call.
 */
const KEYS = {
  eventTypeResult: { required: ['eventType', 'marketCount'], optional: [] },
  eventType: { required: ['id', 'name'], optional: [] },
  competitionResult: { required: ['competition', 'marketCount', 'competitionRegion'], optional: [] },
  competition: { required: ['id', 'name'], optional: [] },
  eventResult: { required: ['event', 'marketCount'], optional: [] },
  event: { required: ['id', 'openDate', 'timezone', 'name'], optional: ['countryCode', 'venue'] },
  marketCatalogue: {
    required: ['marketId', 'marketName', 'totalMatched'],
    // stakeLimits is the portal's (0273): the client's MarketCatalogue keeps any key it does not read.
    optional: [
      'marketStartTime',
      'competition',
      'event',
      'eventType',
      'description',
      'runners',
      'stakeLimits',
    ],
  },
  description: {
    required: ['bettingType', 'bspMarket', 'marketTime', 'suspendTime', 'turnInPlayEnabled'],
    optional: [
      'wallet',
      'marketType',
      'discountAllowed',
      'marketBaseRate',
      'persistenceEnabled',
      'regulator',
      'rules',
      'rulesHasDate',
      'eachWayDivisor',
      'clarifications',
      'priceLadderDescription',
      'keyLineDefinition',
      'lineRangeInfo',
      'raceType',
    ],
  },
  priceLadderDescription: { required: ['type'], optional: [] },
  runnerCatalogue: {
    required: ['selectionId', 'runnerName', 'sortPriority', 'handicap'],
    optional: ['metadata'],
  },
  marketBook: {
    required: ['marketId', 'status', 'inplay', 'version', 'runners', 'totalMatched'],
    optional: [
      'isMarketDataDelayed',
      'betDelay',
      'bspReconciled',
      'complete',
      'numberOfWinners',
      'numberOfRunners',
      'numberOfActiveRunners',
      'lastMatchTime',
      'totalAvailable',
      'crossMatching',
      'runnersVoidable',
      'publishTime',
      'keyLineDescription',
      'priceLadderDefinition',
      'betDelayModels',
      // The portal's (0273): the client's MarketBook keeps any key it does not read.
      'stakeLimits',
    ],
  },
  runnerBook: {
    required: ['selectionId', 'status', 'handicap'],
    optional: [
      'adjustmentFactor',
      'lastPriceTraded',
      'totalMatched',
      'removalDate',
      'sp',
      'ex',
      'orders',
      'matches',
      'matchesByStrategy',
    ],
  },
  ex: { required: ['availableToBack', 'availableToLay', 'tradedVolume'], optional: [] },
  priceSize: { required: ['price', 'size'], optional: [] },
} as const;

type Shape = keyof typeof KEYS;
const BETFAIR_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The keys of `value` that break `shape`: missing required ones and unknown ones. */
function keyFaults(shape: Shape, value: unknown): string[] {
  const keys = Object.keys(value as object);
  const { required, optional } = KEYS[shape];
  const allowed = new Set<string>([...required, ...optional]);
  return [
    ...required.filter((key) => !keys.includes(key)).map((key) => `${shape} lacks ${key}`),
    ...keys.filter((key) => !allowed.has(key)).map((key) => `${shape} has unknown ${key}`),
  ];
}

let ctx: TestContext;
let answers: Record<string, unknown[]>;
const caller = { playerId: 'p', sessionToken: 't', appKey: 'k' };
const everything = [
  'COMPETITION',
  'EVENT',
  'EVENT_TYPE',
  'RUNNER_DESCRIPTION',
  'RUNNER_METADATA',
  'MARKET_START_TIME',
  'MARKET_DESCRIPTION',
];

beforeAll(async () => {
  ctx = await startTestApp();
  const x = await tradingClient(ctx);
  await insertEvents(ctx.deps.db, CATALOGUE_EVENTS);
  const market = await x.market();
  const [alice, bob] = [await x.player(), await x.player()];
  const bet = { marketId: market.id, runnerId: 'r1', price: 3, stake: '10' };
  await x.place(alice.auth, { ...bet, side: 'BACK', stake: '25' });
  await x.place(bob.auth, { ...bet, side: 'LAY' });
  await ctx.deps.exchange.idle();
  const ops = createCatalogueOperations({ db: ctx.deps.db, exchange: ctx.deps.exchange });
  const run = async (name: string, params: object) =>
    (await ops[name]!(caller, params as ApiNgParams)) as unknown[];
  const catalogue = await run('listMarketCatalogue', {
    filter: {},
    marketProjection: everything,
    maxResults: 100,
  });
  const marketIds = catalogue.map((m) => (m as { marketId: string }).marketId);
  const selectionId = (catalogue.at(-1) as { runners: { selectionId: number }[] }).runners[0]!.selectionId;
  const priceProjection = { priceData: ['EX_BEST_OFFERS', 'EX_TRADED'] };
  answers = {
    listEventTypes: await run('listEventTypes', { filter: {} }),
    listCompetitions: await run('listCompetitions', { filter: {} }),
    listEvents: await run('listEvents', { filter: {} }),
    listMarketCatalogue: catalogue,
    listMarketBook: await run('listMarketBook', { marketIds, priceProjection }),
    listRunnerBook: await run('listRunnerBook', { marketId: marketIds.at(-1), selectionId, priceProjection }),
  };
});
afterAll(() => ctx.close());

describe("the client's parsers", () => {
  it('answered something of each kind, prices and trades included', () => {
    expect(Object.values(answers).map((list) => list.length > 0)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    const traded = answers.listMarketBook!.flatMap(
      (book) => (book as { runners: { ex: { tradedVolume: unknown[] } }[] }).runners,
    );
    expect(traded.some((runner) => runner.ex.tradedVolume.length > 0)).toBe(true);
  });

  it('finds every required key and no unknown one', () => {
    const faults: string[] = [];
    const check = (shape: Shape, value: unknown) => faults.push(...keyFaults(shape, value));
    for (const item of answers.listEventTypes as { eventType: unknown }[]) {
      check('eventTypeResult', item);
      check('eventType', item.eventType);
    }
    for (const item of answers.listCompetitions as { competition: unknown }[]) {
      check('competitionResult', item);
      check('competition', item.competition);
    }
    for (const item of answers.listEvents as { event: unknown }[]) {
      check('eventResult', item);
      check('event', item.event);
    }
    for (const item of answers.listMarketCatalogue as CatalogueItem[]) {
      check('marketCatalogue', item);
      check('eventType', item.eventType);
      check('competition', item.competition);
      check('event', item.event);
      check('description', item.description);
      check('priceLadderDescription', item.description.priceLadderDescription);
      for (const runner of item.runners) check('runnerCatalogue', runner);
    }
    for (const book of [...answers.listMarketBook!, ...answers.listRunnerBook!] as BookItem[]) {
      check('marketBook', book);
      for (const runner of book.runners) {
        check('runnerBook', runner);
        check('ex', runner.ex);
        for (const level of [
          ...runner.ex.availableToBack,
          ...runner.ex.availableToLay,
          ...runner.ex.tradedVolume,
        ]) {
          check('priceSize', level);
        }
      }
    }
    expect(faults).toEqual([]);
  });

  it('writes every date as YYYY-MM-DDTHH:MM:SS.sssZ and every id as Betfair types them', () => {
    const items = answers.listMarketCatalogue as CatalogueItem[];
    const dates = items.flatMap((item) => [
      item.marketStartTime,
      item.event.openDate,
      item.description.marketTime,
      item.description.suspendTime,
    ]);
    expect(dates.filter((date) => !BETFAIR_DATE.test(date))).toEqual([]);
    expect(items.filter((item) => !/^1\.\d+$/.test(item.marketId))).toEqual([]);
    const ids = items.flatMap((item) => [item.eventType.id, item.competition.id, item.event.id]);
    expect(ids.filter((id) => !/^\d+$/.test(id))).toEqual([]);
    const selections = items.flatMap((item) => item.runners.map((runner) => runner.selectionId));
    expect(selections.filter((id) => !Number.isSafeInteger(id))).toEqual([]);
  });

  // The client itself, where this machine has it (../shared/clients): every answer through its resources.
  const clientDir = fileURLToPath(
    new URL('../../../../../../../shared/clients/betfairlightweight-2.22.0', import.meta.url),
  );
  it.skipIf(!existsSync(clientDir))('parses in betfairlightweight 2.22.0 itself', () => {
    const run = spawnSync('python3', ['-c', PARSE], {
      input: JSON.stringify(answers),
      env: { ...process.env, PYTHONPATH: clientDir },
      encoding: 'utf8',
    });
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(run.stdout.trim()).toBe('parsed');
  });
});

type CatalogueItem = {
  marketId: string;
  marketStartTime: string;
  eventType: { id: string };
  competition: { id: string };
  event: { id: string; openDate: string };
  description: { marketTime: string; suspendTime: string; priceLadderDescription: unknown };
  runners: { selectionId: number }[];
};
type BookItem = {
  runners: { ex: { availableToBack: unknown[]; availableToLay: unknown[]; tradedVolume: unknown[] } }[];
};

/** Builds each answer's resource as the client does and checks that no date came out empty. */
const PARSE = `
import json, sys
from betfairlightweight import resources as r
a = json.load(sys.stdin)
for x in a["listEventTypes"]: r.EventTypeResult(**x)
for x in a["listCompetitions"]: r.CompetitionResult(**x)
for x in a["listEvents"]: assert r.EventResult(**x).event.open_date is not None
for x in a["listMarketCatalogue"]:
    m = r.MarketCatalogue(**x)
    assert None not in (m.market_start_time, m.event.open_date, m.description.market_time, m.description.suspend_time)
    assert m.runners and m.event_type and m.competition
for x in a["listMarketBook"] + a["listRunnerBook"]:
    b = r.MarketBook(**x)
    assert all(ru.ex is not None for ru in b.runners)
print("parsed")
`;
