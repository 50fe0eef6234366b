import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../../test/test-app.ts';
import { limit, tradingKit, type Bot, type Json, type TradingKit } from '../testing/trading-kit.ts';

let ctx: TestContext;
let x: TradingKit;

beforeAll(async () => {
  ctx = await startTestApp();
  x = await tradingKit(ctx);
});
afterAll(() => ctx.close());

describe('the market version (docs/decisions/0259)', () => {
  let alice: Bot;

  beforeAll(async () => {
    alice = await x.bot();
  });

  it('moves when the definition does, not when the feed reprices the market', async () => {
    const market = await x.market();
    const version = async () =>
      ((await x.call(alice, 'listMarketBook', { marketIds: [market.bfId] })) as unknown as Json[])[0]!
        .version as number;
    const place = (marketVersion: number) =>
      x.call(alice, 'placeOrders', {
        marketId: market.bfId,
        marketVersion: { version: marketVersion },
        instructions: [limit(market.home, 'LAY', 1.5, 2)],
      });
    const first = await version();

    // What the feed writes for a market whose fair prices moved: the portal's version, not Betfair's.
    await ctx.deps.db.query('UPDATE runners SET fair_ppm = 400000 WHERE market_id = $1', [market.id]);
    await ctx.deps.db.query('UPDATE markets SET version = version + 1 WHERE id = $1', [market.id]);
    expect(await version()).toBe(first);
    expect((await place(first)).instructionReports[0]).toMatchObject({ orderStatus: 'EXECUTABLE' });

    // A suspension and a resumption are two definition changes: an order on the old version lapses.
    const admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
    for (const action of ['suspend', 'resume']) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/markets/${encodeURIComponent(market.id)}/${action}`,
        headers: admin,
      });
      expect(answer.statusCode).toBe(200);
    }
    expect(await version()).toBe(first + 2);
    expect((await place(first)).instructionReports[0]).toMatchObject({
      orderStatus: 'EXECUTION_COMPLETE',
      sizeMatched: 0,
    });
    expect((await place(first + 2)).instructionReports[0]).toMatchObject({ orderStatus: 'EXECUTABLE' });
  });
});
