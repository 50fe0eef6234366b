import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/test-app.ts';
import { auditLedger } from '../../wallet/index.ts';
import {
  BETFAIR_DATE,
  limit,
  tradingKit,
  type Bot,
  type Json,
  type TradingKit,
  type Player,
} from '../testing/trading-kit.ts';

let ctx: TestContext;
let x: TradingKit;

beforeAll(async () => {
  ctx = await startTestApp();
  x = await tradingKit(ctx);
});
afterAll(async () => {
  expect(await auditLedger(ctx.deps.db)).toEqual([]);
  await ctx.close();
});

/** RunnerBookOrder's keys in the client (betfairlightweight's bettingresources.py), none set here optional. */
const RUNNER_BOOK_ORDER_KEYS = [
  'avgPriceMatched',
  'betId',
  'bspLiability',
  'orderType',
  'persistenceType',
  'placedDate',
  'price',
  'side',
  'size',
  'sizeCancelled',
  'sizeLapsed',
  'sizeMatched',
  'sizeRemaining',
  'sizeVoided',
  'status',
];

describe('order terms and results through the trading API', () => {
  let alice: Bot;
  let bob: Player;

  beforeAll(async () => {
    alice = await x.bot();
    bob = await x.player();
  });

  it('says the market’s stake range where a stake falls outside it, as the book does', async () => {
    const fresh = await x.market();
    const [book] = (await x.call(alice, 'listMarketBook', { marketIds: [fresh.bfId] })) as unknown as Json[];
    expect(book!.stakeLimits).toEqual({ minStake: 1, maxStake: expect.any(Number) });
    const small = await x.call(alice, 'placeOrders', {
      marketId: fresh.bfId,
      instructions: [limit(fresh.home, 'BACK', 2.0, 0.5)],
    });
    expect(small).toMatchObject({ status: 'FAILURE', stakeLimits: book!.stakeLimits });
    expect(small.instructionReports[0].errorCode).toBe('INVALID_BET_SIZE');
  });

  it('fills or kills, down to a minimum fill, and lapses an order on an old market version', async () => {
    const fresh = await x.market();
    await x.place(bob.auth, {
      marketId: fresh.id,
      runnerId: fresh.runners[0]!.id,
      side: 'LAY',
      price: 2,
      stake: '5',
    });
    const killed = await x.call(alice, 'placeOrders', {
      marketId: fresh.bfId,
      instructions: [
        limit(fresh.home, 'BACK', 2, 10, { persistenceType: undefined, timeInForce: 'FILL_OR_KILL' }),
      ],
    });
    expect(killed.instructionReports[0]).toMatchObject({ orderStatus: 'EXECUTION_COMPLETE', sizeMatched: 0 });
    const filled = await x.call(alice, 'placeOrders', {
      marketId: fresh.bfId,
      instructions: [
        limit(fresh.home, 'BACK', 2, 10, {
          persistenceType: undefined,
          timeInForce: 'FILL_OR_KILL',
          minFillSize: 5,
        }),
      ],
    });
    expect(filled.instructionReports[0]).toMatchObject({ orderStatus: 'EXECUTION_COMPLETE', sizeMatched: 5 });

    // The version listMarketBook answers is current: an order on it rests as any other.
    const [book] = (await x.call(alice, 'listMarketBook', { marketIds: [fresh.bfId] })) as unknown as Json[];
    const current = await x.call(alice, 'placeOrders', {
      marketId: fresh.bfId,
      marketVersion: { version: book!.version },
      instructions: [limit(fresh.home, 'LAY', 1.5, 3)],
    });
    expect(current.instructionReports[0]).toMatchObject({ status: 'SUCCESS', orderStatus: 'EXECUTABLE' });
    const stale = await x.call(alice, 'placeOrders', {
      marketId: fresh.bfId,
      marketVersion: { version: book!.version - 1 },
      instructions: [limit(fresh.home, 'LAY', 1.5, 3)],
    });
    expect(stale.instructionReports[0]).toMatchObject({
      status: 'SUCCESS',
      orderStatus: 'EXECUTION_COMPLETE',
      sizeMatched: 0,
    });
    const lapsed = await x.call(alice, 'listClearedOrders', { betStatus: 'LAPSED', marketIds: [fresh.bfId] });
    expect(lapsed.clearedOrders.map((one: Json) => one.betId)).toEqual([stale.instructionReports[0].betId]);
  });

  it('gives the profit and loss if each runner wins, then the cleared orders the portal settled', async () => {
    const fresh = await x.market();
    await x.place(bob.auth, {
      marketId: fresh.id,
      runnerId: fresh.runners[0]!.id,
      side: 'LAY',
      price: 2.5,
      stake: '4',
    });
    const placed = await x.call(alice, 'placeOrders', {
      marketId: fresh.bfId,
      instructions: [limit(fresh.home, 'BACK', 2.5, 4)],
    });
    const betId = placed.instructionReports[0].betId as string;
    const pnl = await x.call(alice, 'listMarketProfitAndLoss', { marketIds: [fresh.bfId] });
    expect(pnl).toEqual([
      {
        marketId: fresh.bfId,
        profitAndLosses: [
          { selectionId: fresh.home, ifWin: 6 },
          { selectionId: fresh.away, ifWin: -4 },
        ],
      },
    ]);
    const [book] = (await x.call(alice, 'listMarketBook', {
      marketIds: [fresh.bfId],
      orderProjection: 'ALL',
      matchProjection: 'NO_ROLLUP',
    })) as unknown as Json[];
    const [home, away] = book!.runners as Json[];
    expect(Object.keys(home!.orders[0]).sort()).toEqual(RUNNER_BOOK_ORDER_KEYS);
    expect(home!.orders[0]).toMatchObject({
      betId,
      status: 'EXECUTION_COMPLETE',
      price: 2.5,
      size: 4,
      sizeMatched: 4,
    });
    expect(home!.matches).toEqual([
      {
        betId,
        matchId: expect.any(String),
        matchDate: expect.stringMatching(BETFAIR_DATE),
        side: 'BACK',
        price: 2.5,
        size: 4,
      },
    ]);
    expect(away!.orders).toBeUndefined();
    const [rolled] = (await x.call(alice, 'listMarketBook', {
      marketIds: [fresh.bfId],
      matchProjection: 'ROLLED_UP_BY_AVG_PRICE',
    })) as unknown as Json[];
    expect((rolled!.runners as Json[])[0]).toMatchObject({
      matches: [{ side: 'BACK', price: 2.5, size: 4 }],
    });
    expect((rolled!.runners as Json[])[0]!.orders).toBeUndefined();

    expect((await x.settle(fresh.id, fresh.runners[0]!.id)).statusCode).toBe(200);
    await ctx.deps.exchange.idle();
    const cleared = await x.call(alice, 'listClearedOrders', {
      betStatus: 'SETTLED',
      marketIds: [fresh.bfId],
      includeItemDescription: true,
    });
    expect(cleared.clearedOrders).toHaveLength(1);
    expect(cleared.clearedOrders[0]).toMatchObject({
      betId,
      marketId: fresh.bfId,
      selectionId: fresh.home,
      betOutcome: 'WON',
      priceMatched: 2.5,
      sizeSettled: 4,
      itemDescription: { runnerDesc: 'Home', marketType: 'MATCH_ODDS' },
    });
    expect(cleared.clearedOrders[0].profit).toBeGreaterThan(0);
    expect(cleared.clearedOrders[0].settledDate).toMatch(BETFAIR_DATE);
    const [byMarket] = (
      await x.call(alice, 'listClearedOrders', {
        betStatus: 'SETTLED',
        marketIds: [fresh.bfId],
        groupBy: 'MARKET',
      })
    ).clearedOrders;
    expect(byMarket).toMatchObject({ marketId: fresh.bfId, betCount: 1, betId, profit: 6, commission: 0.12 });
    await expect(
      x.call(alice, 'listClearedOrders', { betStatus: 'SETTLED', groupBy: 'EXCHANGE' }),
    ).rejects.toThrow(/INVALID_INPUT_DATA/);
    // The portal's own list shows the program's bet, settled, with the same result.
    const portal = await x.bets(alice.auth, '?status=settled');
    const mine = portal.find(
      (bet) => bet.id && BigInt(`0x${bet.id.replaceAll('-', '')}`).toString() === betId,
    );
    expect(Number(mine?.profit)).toBe(cleared.clearedOrders[0].profit);
    // And the portal's account statement shows the market's win, after commission, as for any bet.
    const statement = await ctx.app.inject({
      method: 'GET',
      url: '/api/reports/statement?type=sports',
      headers: alice.auth,
    });
    const won = statement.json<{ items: { credit: string; remark: string }[] }>().items[0];
    expect(won?.remark).toMatch(/Match Odds: won \(after commission\)$/);
    expect(Number(won?.credit)).toBeGreaterThan(0);
    expect(Number(won?.credit)).toBeLessThanOrEqual(cleared.clearedOrders[0].profit);
  });
});
