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
  type TradedMarket,
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

const CURRENT_ORDER_KEYS = [
  'averagePriceMatched',
  'betId',
  'bspLiability',
  'handicap',
  'marketId',
  'orderType',
  'persistenceType',
  'placedDate',
  'priceSize',
  'regulatorCode',
  'selectionId',
  'side',
  'sizeCancelled',
  'sizeLapsed',
  'sizeMatched',
  'sizeRemaining',
  'sizeVoided',
  'status',
];

describe('orders through the trading API', () => {
  let alice: Bot;
  let bob: Player;
  let market: TradedMarket;

  beforeAll(async () => {
    alice = await x.bot();
    bob = await x.player();
    market = await x.market();
  });

  it('places, lists, replaces, updates and cancels, with references kept and echoed', async () => {
    const placed = await x.call(alice, 'placeOrders', {
      marketId: market.bfId,
      customerRef: 'req-1',
      customerStrategyRef: 'strat',
      instructions: [{ ...limit(market.home, 'BACK', 2.5, 10), customerOrderRef: 'ord-1' }],
    });
    expect(placed).toMatchObject({ status: 'SUCCESS', marketId: market.bfId, customerRef: 'req-1' });
    const report = placed.instructionReports[0];
    expect(report).toMatchObject({ status: 'SUCCESS', orderStatus: 'EXECUTABLE', sizeMatched: 0 });
    expect(report.instruction).toEqual({ ...limit(market.home, 'BACK', 2.5, 10), customerOrderRef: 'ord-1' });
    expect(report.betId).toMatch(/^\d+$/);
    expect(report.placedDate).toMatch(BETFAIR_DATE);

    const again = await x.call(alice, 'placeOrders', {
      marketId: market.bfId,
      customerRef: 'req-1',
      instructions: [limit(market.home, 'BACK', 2.5, 10)],
    });
    expect(again).toMatchObject({ status: 'FAILURE', errorCode: 'DUPLICATE_TRANSACTION' });
    expect(again.instructionReports[0]).toMatchObject({ status: 'FAILURE', errorCode: 'ERROR_IN_ORDER' });

    // Bob lays 4 of it through the portal: the bot's order is partly matched.
    expect(
      (
        await x.place(bob.auth, {
          marketId: market.id,
          runnerId: market.runners[0]!.id,
          side: 'LAY',
          price: 2.5,
          stake: '4',
        })
      ).statusCode,
    ).toBe(201);
    const current = await x.call(alice, 'listCurrentOrders', { marketIds: [market.bfId] });
    expect(current.moreAvailable).toBe(false);
    expect(current.currentOrders).toHaveLength(1);
    const order = current.currentOrders[0];
    expect(Object.keys(order).sort()).toEqual(
      [...CURRENT_ORDER_KEYS, 'customerOrderRef', 'customerStrategyRef', 'matchedDate'].sort(),
    );
    expect(order).toMatchObject({
      betId: report.betId,
      status: 'EXECUTABLE',
      priceSize: { price: 2.5, size: 10 },
      sizeMatched: 4,
      sizeRemaining: 6,
      averagePriceMatched: 2.5,
      customerOrderRef: 'ord-1',
      customerStrategyRef: 'strat',
    });

    const replaced = await x.call(alice, 'replaceOrders', {
      marketId: market.bfId,
      instructions: [{ betId: report.betId, newPrice: 3 }],
    });
    expect(replaced.status).toBe('SUCCESS');
    const swap = replaced.instructionReports[0];
    expect(swap.cancelInstructionReport).toMatchObject({ status: 'SUCCESS', sizeCancelled: 6 });
    expect(swap.placeInstructionReport).toMatchObject({ status: 'SUCCESS', orderStatus: 'EXECUTABLE' });
    expect(swap.placeInstructionReport.instruction).toEqual(limit(market.home, 'BACK', 3, 6));
    const newBet = swap.placeInstructionReport.betId as string;
    const byRef = await x.call(alice, 'listCurrentOrders', {
      customerOrderRefs: ['ord-1'],
      orderProjection: 'EXECUTABLE',
    });
    expect(byRef.currentOrders.map((one: Json) => one.betId)).toEqual([newBet]);

    const updated = await x.call(alice, 'updateOrders', {
      marketId: market.bfId,
      instructions: [{ betId: newBet, newPersistenceType: 'PERSIST' }],
    });
    expect(updated).toMatchObject({ status: 'SUCCESS', instructionReports: [{ status: 'SUCCESS' }] });

    const reduced = await x.call(alice, 'cancelOrders', {
      marketId: market.bfId,
      instructions: [{ betId: newBet, sizeReduction: 2 }],
    });
    expect(reduced.instructionReports[0]).toMatchObject({ status: 'SUCCESS', sizeCancelled: 2 });
    const after = await x.call(alice, 'listCurrentOrders', { betIds: [newBet] });
    expect(after.currentOrders[0]).toMatchObject({
      persistenceType: 'PERSIST',
      sizeRemaining: 4,
      sizeCancelled: 2,
    });

    const all = await x.call(alice, 'cancelOrders', { marketId: market.bfId });
    expect(all.status).toBe('SUCCESS');
    expect(all.instructionReports).toEqual([
      expect.objectContaining({ sizeCancelled: 4, instruction: { betId: newBet } }),
    ]);
  });

  it('answers a bad instruction with its code and places nothing of the order', async () => {
    const before = await x.call(alice, 'listCurrentOrders', { marketIds: [market.bfId] });
    const bad = await x.call(alice, 'placeOrders', {
      marketId: market.bfId,
      instructions: [
        limit(market.home, 'BACK', 2, 5),
        limit(market.home, 'BACK', 2.03, 5),
        limit(999_999_999, 'LAY', 2, 5),
      ],
    });
    expect(bad).toMatchObject({ status: 'FAILURE', errorCode: 'BET_ACTION_ERROR' });
    expect(bad.instructionReports.map((one: Json) => one.errorCode)).toEqual([
      'ERROR_IN_ORDER',
      'INVALID_ODDS',
      'INVALID_RUNNER',
    ]);
    const unknown = await x.call(alice, 'placeOrders', {
      marketId: '1.999999999',
      instructions: [limit(market.home, 'BACK', 2, 5)],
    });
    expect(unknown).toMatchObject({ status: 'FAILURE', errorCode: 'INVALID_MARKET_ID' });
    const broke = await x.call(alice, 'placeOrders', {
      marketId: market.bfId,
      instructions: [limit(market.home, 'LAY', 10, 5000)],
    });
    expect(broke).toMatchObject({ status: 'FAILURE', errorCode: 'INSUFFICIENT_FUNDS' });
    expect(broke.instructionReports[0]).toMatchObject({ status: 'FAILURE', errorCode: 'ERROR_IN_ORDER' });
    const many = await x.call(alice, 'placeOrders', {
      marketId: market.bfId,
      instructions: Array.from({ length: 201 }, () => limit(market.home, 'BACK', 2, 1)),
    });
    expect(many).toMatchObject({ status: 'FAILURE', errorCode: 'TOO_MANY_INSTRUCTIONS' });
    const after = await x.call(alice, 'listCurrentOrders', { marketIds: [market.bfId] });
    expect(after.currentOrders).toHaveLength(before.currentOrders.length);
    // A page far past the database's reach is bad input, not a failure of the server.
    await expect(x.call(alice, 'listCurrentOrders', { fromRecord: 1e308 })).rejects.toThrow(
      /INVALID_INPUT_DATA/,
    );
  });
});
