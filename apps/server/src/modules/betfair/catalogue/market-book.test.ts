import { describe, expect, it } from 'vitest';
import { catalogueTestApp, TEST_CALLER } from './catalogue-test-app.ts';
import { createCatalogueOperations } from './index.ts';

const { current, call, errorOf, bfIdOf, bfMarket } = catalogueTestApp();

/** The market's definition version as the database holds it (docs/decisions/0259). */
async function marketVersion(marketId: string): Promise<number> {
  const [row] = await current.ctx.deps.db.query<{ version: string }>(
    'SELECT definition_version::text AS version FROM markets WHERE id = $1',
    [marketId],
  );
  return Number(row!.version);
}

describe('listMarketBook', () => {
  const bestAndTraded = { priceData: ['EX_BEST_OFFERS', 'EX_TRADED'] };

  /** A custom market where Bob's lay met part of Alice's back at 2.0; Alice also backs Away at 2.5. */
  async function tradedMarket() {
    const market = await current.x.market();
    const alice = await current.x.player();
    const bob = await current.x.player();
    const bet = { marketId: market.id, side: 'BACK', price: 2, stake: '100' };
    expect((await current.x.place(alice.auth, { ...bet, runnerId: 'r1' })).statusCode).toBe(201);
    expect(
      (await current.x.place(bob.auth, { ...bet, side: 'LAY', runnerId: 'r1', stake: '30.50' })).statusCode,
    ).toBe(201);
    expect(
      (await current.x.place(alice.auth, { ...bet, runnerId: 'r2', price: 2.5, stake: '12' })).statusCode,
    ).toBe(201);
    await current.ctx.deps.exchange.idle();
    return { id: market.id, bf: await bfMarket(market.id) };
  }

  it('answers live prices, traded volume, the market version and the last match’s time', async () => {
    const market = await tradedMarket();
    const [book] = await call('listMarketBook', { marketIds: [market.bf], priceProjection: bestAndTraded });
    const [fill] = await current.ctx.deps.db.query<{ at: Date | string }>(
      'SELECT max(created_at) AS at FROM bet_fills WHERE market_id = $1',
      [market.id],
    );
    expect(book!.lastMatchTime).toBe(new Date(fill!.at).toISOString());
    expect(book!.lastMatchTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const unmatched = await current.x.market();
    const [quiet] = await call('listMarketBook', { marketIds: [await bfMarket(unmatched.id)] });
    expect(quiet).not.toHaveProperty('lastMatchTime');
    const runners = book!.runners as Record<string, unknown>[];
    expect(book).toMatchObject({
      marketId: market.bf,
      status: 'OPEN',
      inplay: false,
      totalMatched: 30.5,
      numberOfRunners: 2,
      version: await marketVersion(market.id),
    });
    expect(runners[0]).toMatchObject({
      status: 'ACTIVE',
      lastPriceTraded: 2,
      totalMatched: 30.5,
      // Alice's back rests: a layer can take it. Nothing rests to back.
      ex: {
        availableToBack: [],
        availableToLay: [{ price: 2, size: 69.5 }],
        tradedVolume: [{ price: 2, size: 30.5 }],
      },
    });
    expect(runners[1]).toMatchObject({
      totalMatched: 0,
      ex: { availableToBack: [], availableToLay: [{ price: 2.5, size: 12 }], tradedVolume: [] },
    });
    expect(runners[1]).not.toHaveProperty('lastPriceTraded');
  });

  it('answers the same best levels from the stored book when the market lives elsewhere', async () => {
    const market = await tradedMarket();
    expect(current.ctx.deps.exchange.loaded(market.id)).toBeDefined();
    const stored = createCatalogueOperations({ db: current.ctx.deps.db });
    const params = { marketIds: [market.bf], priceProjection: bestAndTraded };
    const fromDb = await stored.listMarketBook!(TEST_CALLER, params);
    expect(fromDb).toEqual(await call('listMarketBook', params));
  });

  it('shows the ladder only when asked and keeps the asked order, leaving unknown markets out', async () => {
    const a = await tradedMarket();
    const b = await tradedMarket();
    const books = await call('listMarketBook', { marketIds: [b.bf, '1.999999999', a.bf] });
    expect(books.map((book) => book.marketId)).toEqual([b.bf, a.bf]);
    const runner = (books[0]!.runners as { ex: object; lastPriceTraded: number }[])[0]!;
    expect(runner.ex).toEqual({ availableToBack: [], availableToLay: [], tradedVolume: [] });
    expect(runner.lastPriceTraded).toBe(2);
  });

  it('reads every level from the book in memory, where the stored book keeps the best three', async () => {
    const market = await current.x.market();
    const alice = await current.x.player();
    for (const price of [2.06, 2, 2.04, 2.02]) {
      const bet = { marketId: market.id, runnerId: 'r1', side: 'BACK', price, stake: '5' };
      expect((await current.x.place(alice.auth, bet)).statusCode).toBe(201);
    }
    await current.ctx.deps.exchange.idle();
    expect(current.ctx.deps.exchange.loaded(market.id)).toBeDefined();
    const marketIds = [await bfMarket(market.id)];
    const layPrices = (books: unknown) =>
      (
        books as { runners: { ex: { availableToLay: { price: number }[] } }[] }[]
      )[0]!.runners[0]!.ex.availableToLay.map((level) => level.price);
    const all = { marketIds, priceProjection: { priceData: ['EX_ALL_OFFERS'] } };
    expect(layPrices(await call('listMarketBook', all))).toEqual([2, 2.02, 2.04, 2.06]);
    const stored = createCatalogueOperations({ db: current.ctx.deps.db });
    expect(layPrices(await stored.listMarketBook!(TEST_CALLER, all))).toEqual([2, 2.02, 2.04]);
    const one = {
      marketIds,
      priceProjection: { priceData: ['EX_BEST_OFFERS'], exBestOffersOverrides: { bestPricesDepth: 1 } },
    };
    expect(layPrices(await call('listMarketBook', one))).toEqual([2]);
  });

  it('answers one runner with listRunnerBook', async () => {
    const market = await tradedMarket();
    const selection = await bfIdOf('runners', 'market_id = $1 AND runner_id = $2', [market.id, 'r2']);
    const books = await call('listRunnerBook', {
      marketId: market.bf,
      selectionId: Number(selection),
      priceProjection: { priceData: ['EX_ALL_OFFERS'] },
    });
    expect(books).toHaveLength(1);
    expect(books[0]!.runners).toEqual([
      {
        selectionId: Number(selection),
        handicap: 0,
        status: 'ACTIVE',
        totalMatched: 0,
        ex: { availableToBack: [], availableToLay: [{ price: 2.5, size: 12 }], tradedVolume: [] },
      },
    ]);
  });

  it('answers a settled market CLOSED with its winner and never a house market', async () => {
    await current.ctx.deps.db.query(
      `INSERT INTO market_settlements (market_id, result) VALUES ('fx-ars-che.tm', '{"kind":"WINNER","runnerId":"r2"}')`,
    );
    const settled = await bfMarket('fx-ars-che.tm');
    const books = await call('listMarketBook', { marketIds: [settled, await bfMarket('fx-ars-che.bm')] });
    expect(books.map((book) => [book.marketId, book.status])).toEqual([[settled, 'CLOSED']]);
    expect((books[0]!.runners as { status: string }[]).map((r) => r.status)).toEqual(['LOSER', 'WINNER']);
  });

  it('refuses malformed ids and projections', async () => {
    expect(await errorOf('listMarketBook', {})).toBe('INVALID_INPUT_DATA');
    expect(await errorOf('listMarketBook', { marketIds: [] })).toBe('INVALID_INPUT_DATA');
    expect(await errorOf('listMarketBook', { marketIds: ['fx-ascot.win'] })).toBe('INVALID_INPUT_DATA');
    expect(
      await errorOf('listMarketBook', { marketIds: ['1.1'], priceProjection: { priceData: ['EX_LIVE'] } }),
    ).toBe('INVALID_INPUT_DATA');
    expect(await errorOf('listMarketBook', { marketIds: ['1.1'], orderProjection: 'SOME' })).toBe(
      'INVALID_INPUT_DATA',
    );
    expect(await errorOf('listMarketBook', { marketIds: ['1.1'], orderProjection: 'ALL' })).toBe('none');
    expect(await errorOf('listRunnerBook', { marketId: '1.1', selectionId: 'x' })).toBe('INVALID_INPUT_DATA');
  });

  it("answers TOO_MUCH_DATA past Betfair's 200 points", async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `1.${900_000_000 + i}`);
    const cases: [number, string[], object, string][] = [
      [100, [], {}, 'none'],
      [101, [], {}, 'TOO_MUCH_DATA'],
      [40, ['EX_BEST_OFFERS'], {}, 'none'],
      [41, ['EX_BEST_OFFERS'], {}, 'TOO_MUCH_DATA'],
      [11, ['EX_ALL_OFFERS'], {}, 'none'],
      [12, ['EX_ALL_OFFERS'], {}, 'TOO_MUCH_DATA'],
      [10, ['EX_BEST_OFFERS', 'EX_TRADED'], {}, 'none'],
      [11, ['EX_BEST_OFFERS', 'EX_TRADED'], {}, 'TOO_MUCH_DATA'],
      [6, ['EX_ALL_OFFERS', 'EX_TRADED'], {}, 'none'],
      [7, ['EX_ALL_OFFERS', 'EX_TRADED'], {}, 'TOO_MUCH_DATA'],
      [20, ['EX_BEST_OFFERS'], { bestPricesDepth: 6 }, 'none'],
      [21, ['EX_BEST_OFFERS'], { bestPricesDepth: 6 }, 'TOO_MUCH_DATA'],
    ];
    for (const [count, priceData, overrides, code] of cases) {
      const priceProjection = { priceData, exBestOffersOverrides: overrides };
      expect([
        count,
        priceData,
        await errorOf('listMarketBook', { marketIds: ids(count), priceProjection }),
      ]).toEqual([count, priceData, code]);
    }
  });
});
