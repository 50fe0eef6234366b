import type { SourceBook } from '@backlay/contracts';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../db/database.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { waitFor } from '../../test/pg-outage.ts';
import {
  createReplay,
  feedInState,
  readFeedView,
  recording,
  uploadRecording,
  type Headers,
} from './feeds-test-kit.ts';

/**
 * An independent fold of a recording, written here from Betfair's documented rules and nothing of the
 * server's: a definition replaces the last, `img` starts the market afresh, atb/atl/trd are price → size
 * deltas where 0 removes the price, ltp and tv replace.
 */
type FoldedRunner = {
  ltp: number | null;
  tv: number;
  atb: Map<number, number>;
  atl: Map<number, number>;
  trd: Map<number, number>;
};
type FoldedMarket = {
  pt: number;
  definition: {
    status: string;
    inPlay?: boolean;
    runners: { id: number; status: string; sortPriority: number }[];
  } | null;
  runners: Map<number, FoldedRunner>;
};

function foldRecording(text: string, untilPt = Number.POSITIVE_INFINITY): Map<string, FoldedMarket> {
  const markets = new Map<string, FoldedMarket>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const message = JSON.parse(line);
    if (message.pt > untilPt) break;
    if (message.op !== 'mcm') continue;
    for (const change of message.mc ?? []) {
      let market = markets.get(change.id);
      if (!market || change.img)
        market = { pt: message.pt, definition: market?.definition ?? null, runners: new Map() };
      markets.set(change.id, market);
      market.pt = message.pt;
      if (change.marketDefinition) market.definition = change.marketDefinition;
      for (const rc of change.rc ?? []) {
        const runner = market.runners.get(rc.id) ?? {
          ltp: null,
          tv: 0,
          atb: new Map(),
          atl: new Map(),
          trd: new Map(),
        };
        market.runners.set(rc.id, runner);
        for (const side of ['atb', 'atl', 'trd'] as const) {
          for (const [price, size] of rc[side] ?? []) {
            if (size === 0) runner[side].delete(price);
            else runner[side].set(price, size);
          }
        }
        if (rc.ltp !== undefined) runner.ltp = rc.ltp;
        if (rc.tv !== undefined) runner.tv = rc.tv;
      }
    }
  }
  return markets;
}

const sorted = (levels: Map<number, number>, order: 1 | -1) =>
  [...levels].sort((a, b) => (a[0] - b[0]) * order);

/** The folded market in the shape the source route answers, to compare field by field. */
function expectedBook(market: FoldedMarket) {
  const definitionRunners = [...(market.definition?.runners ?? [])].sort(
    (a, b) => a.sortPriority - b.sortPriority,
  );
  const status = market.definition?.status === 'INACTIVE' ? 'SUSPENDED' : market.definition?.status;
  return {
    pt: market.pt,
    status,
    inPlay: market.definition?.inPlay === true,
    runners: definitionRunners.map((definition) => {
      const runner = market.runners.get(definition.id);
      return {
        sourceSelectionId: definition.id,
        status: definition.status,
        ltp: runner?.ltp ?? null,
        tv: runner?.tv ?? 0,
        atb: runner ? sorted(runner.atb, -1) : [],
        atl: runner ? sorted(runner.atl, 1) : [],
        trd: runner ? sorted(runner.trd, 1) : [],
      };
    }),
  };
}

const actualBook = (book: SourceBook) => ({
  pt: book.pt,
  status: book.status,
  inPlay: book.inPlay,
  runners: book.runners.map(({ sourceSelectionId, status, ltp, tv, atb, atl, trd }) => ({
    sourceSelectionId,
    status,
    ltp,
    tv: tv ?? 0,
    atb,
    atl,
    trd,
  })),
});

const WIN = 'flumine/1.197931750';
const WIN_TEXT = readFileSync(recording(WIN), 'utf8');
const WIN_LINES = WIN_TEXT.split('\n').filter((line) => line.trim() !== '');
const ptOfLine = (index: number): number => JSON.parse(WIN_LINES[index]!).pt;
/** How many lines a replay paused at `untilPt` has applied: those before the first published later. */
const linesUpTo = (untilPt: number): number => {
  const later = WIN_LINES.findIndex((line) => JSON.parse(line).pt > untilPt);
  return later === -1 ? WIN_LINES.length : later;
};

let db: Database;
let t: TestContext;
let admin: Headers;
const dataDir = mkdtempSync(join(tmpdir(), 'feeds-replay-'));

beforeAll(async () => {
  db = await openTestDatabase();
  t = await startTestApp({ DATA_DIR: dataDir }, {}, db);
  admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(async () => {
  await t.close();
  await db.close();
});

async function sourceBook(marketId: string): Promise<SourceBook> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/markets/${marketId}/source`,
    headers: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SourceBook>();
}

describe('a replay of a recorded WIN market at full speed', () => {
  it('mirrors the market, matches an independent fold at each pause point and at the end, and settles once', async () => {
    const file = await uploadRecording(t, admin, WIN);
    expect(file.kind).toBe('stream');
    const checkpoints = [ptOfLine(30), ptOfLine(90), ptOfLine(150)];
    let feed = await createReplay(t, admin, { fileIds: [file.id], until: checkpoints[0], maxGapMs: 100 });
    for (const [index, until] of checkpoints.entries()) {
      feed = await feedInState(t, admin, feed.id, ['paused']);
      const [mirrored] = feed.markets;
      expect(mirrored?.sourceMarketId).toBe('1.197931750');
      const folded = foldRecording(WIN_TEXT, until).get('1.197931750')!;
      expect(actualBook(await sourceBook(mirrored!.marketId))).toEqual(expectedBook(folded));
      const next = checkpoints[index + 1];
      const resumed = await t.app.inject({
        method: 'POST',
        url: `/api/admin/feeds/${feed.id}/resume`,
        headers: admin,
        payload: next === undefined ? {} : { until: next },
      });
      expect(resumed.statusCode, resumed.body).toBe(200);
    }
    feed = await feedInState(t, admin, feed.id, ['finished']);
    expect(feed).toMatchObject({ applied: WIN_LINES.length, skipped: 0, progress: 1, errors: [] });
    const marketId = feed.markets[0]!.marketId;
    const finalBook = await sourceBook(marketId);
    expect(actualBook(finalBook)).toEqual(expectedBook(foldRecording(WIN_TEXT).get('1.197931750')!));
    expect(finalBook.terms).toEqual({
      marketType: 'WIN',
      numberOfWinners: 1,
      marketTime: '2022-04-19T18:26:00.000Z',
      betDelay: 0,
      bspMarket: true,
    });

    const market = await t.app.inject({ method: 'GET', url: `/api/markets/${marketId}`, headers: admin });
    expect(market.json()).toMatchObject({
      type: 'WIN',
      name: 'OR 280m',
      runners: [
        { id: '44331354', name: '1. Paradise Mission' },
        { id: '37947503', name: '2. Sandwood Jet' },
        { id: '36276560', name: '3. Kirabilly Kathy' },
        { id: '42930960', name: '4. Gurtnacrehyblake' },
        { id: '40095374', name: '5. Castlehill Jil' },
        { id: '39823721', name: '6. Coolavanny Galiv' },
      ],
    });
    const results = await db.query<{ kind: string; winner_runner_id: string }>(
      'SELECT kind, winner_runner_id FROM market_results WHERE market_id = $1',
      [marketId],
    );
    expect(results).toEqual([{ kind: 'WINNER', winner_runner_id: '37947503' }]);
    await waitFor(async () => {
      const settled = await db.query('SELECT 1 FROM market_settlements WHERE market_id = $1', [marketId]);
      return settled.length === 1;
    });
    const [row] = await db.query<{
      sport_slug: string;
      name: string;
      number_of_winners: number;
      bsp_market: boolean;
    }>(
      `SELECT e.sport_slug, e.name, m.number_of_winners, m.bsp_market FROM markets m JOIN events e ON e.id = m.event_id
       WHERE m.id = $1`,
      [marketId],
    );
    expect(row).toEqual({
      sport_slug: 'greyhound-racing',
      name: 'Sheffield 19th Apr',
      number_of_winners: 1,
      bsp_market: true,
    });
  });

  it('gives a second replay of the same file markets of its own', async () => {
    const file = await uploadRecording(t, admin, WIN);
    const first = await createReplay(t, admin, { fileIds: [file.id], maxGapMs: 10 });
    const second = await createReplay(t, admin, { fileIds: [file.id], maxGapMs: 10 });
    const [a, b] = [
      await feedInState(t, admin, first.id, ['finished']),
      await feedInState(t, admin, second.id, ['finished']),
    ];
    expect(a.markets).toHaveLength(1);
    expect(b.markets).toHaveLength(1);
    expect(a.markets[0]!.marketId).not.toBe(b.markets[0]!.marketId);
    expect(a.markets[0]!.sourceMarketId).toBe(b.markets[0]!.sourceMarketId);
  });

  it('goes on from its stored position after a restart, applying no line twice', async () => {
    const file = await uploadRecording(t, admin, WIN);
    const feed = await createReplay(t, admin, { fileIds: [file.id], until: ptOfLine(80), maxGapMs: 10 });
    const paused = await feedInState(t, admin, feed.id, ['paused']);
    expect(paused.applied).toBe(linesUpTo(ptOfLine(80)));
    await t.close();
    t = await startTestApp({ DATA_DIR: dataDir }, {}, db);
    admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
    // On PostgreSQL the stopped instance's lease on the feed holds until it expires; until then the
    // feed answers 503 UNIT_UNAVAILABLE, which a console retries.
    let resumed = { statusCode: 0, body: '' };
    await waitFor(async () => {
      resumed = await t.app.inject({
        method: 'POST',
        url: `/api/admin/feeds/${feed.id}/resume`,
        headers: admin,
      });
      if (resumed.statusCode === 503) await new Promise((resolve) => setTimeout(resolve, 250));
      return resumed.statusCode !== 503;
    }, 30_000);
    expect(resumed.statusCode, resumed.body).toBe(200);
    const finished = await feedInState(t, admin, feed.id, ['finished']);
    expect(finished).toMatchObject({ applied: WIN_LINES.length, skipped: 0 });
    const marketId = finished.markets[0]!.marketId;
    expect(actualBook(await sourceBook(marketId))).toEqual(
      expectedBook(foldRecording(WIN_TEXT).get('1.197931750')!),
    );
    expect((await readFeedView(t, admin, feed.id)).progress).toBe(1);
  });
});
