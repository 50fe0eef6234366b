import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/test-app.ts';
import { tradingKit, type TradingKit } from '../testing/trading-kit.ts';
import { readDataFilter } from './market-changes.ts';
import { marketsOfFilter, readStreamMarketFilter } from './market-filter.ts';
import { MarketHub } from './market-hub.ts';

let ctx: TestContext;
let x: TradingKit;

beforeAll(async () => {
  ctx = await startTestApp();
  x = await tradingKit(ctx);
});
afterAll(() => ctx.close());

describe('the market hub', () => {
  it('shows a close committed between the subscription’s market query and its image', async () => {
    const market = await x.market();
    const infos = await marketsOfFilter(ctx.deps.db, readStreamMarketFilter({ marketIds: [market.bfId] }));
    expect(infos[0]!.row.status).toBe('OPEN');
    // The market settles, and its announcement goes out, before the hub follows the market.
    expect((await x.settle(market.id, market.runners[0]!.id)).statusCode).toBe(200);
    await ctx.deps.exchange.idle();
    const hub = new MarketHub({
      sql: ctx.deps.db,
      bus: ctx.deps.bus,
      live: ctx.deps.exchange,
      topicOf: (marketId) => ctx.deps.streams.topicOf('market', marketId),
      onError: (error) => {
        throw error;
      },
    });
    const sink = { filter: readDataFilter({ fields: ['EX_MARKET_DEF'] }), changed: () => {} };
    const [state] = await hub.join(sink, infos);
    expect(state!.definition).toMatchObject({ status: 'CLOSED', settledTime: expect.any(String) });
    expect((state!.definition.runners as { status: string }[]).map((runner) => runner.status)).toEqual([
      'WINNER',
      'LOSER',
    ]);
    hub.close();
  });
});
