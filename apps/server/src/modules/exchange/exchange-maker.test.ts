import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../test/test-app.ts';
import { exchangeClient } from './testing/exchange-client.ts';

let ctx: TestContext;
let x: Awaited<ReturnType<typeof exchangeClient>>;
beforeEach(async () => {
  ctx = await startTestApp();
  x = await exchangeClient(ctx);
});
afterEach(async () => ctx.close());

/** Gives a custom market fair chances, as the feed would, and lets the exchange follow. */
async function setFair(marketId: string, ppm: number[]): Promise<void> {
  for (const [index, value] of ppm.entries()) {
    await ctx.deps.db.query('UPDATE runners SET fair_ppm = $3 WHERE market_id = $1 AND runner_id = $2', [
      marketId,
      `r${index + 1}`,
      value,
    ]);
  }
  await ctx.deps.db.query('UPDATE markets SET market_maker = true WHERE id = $1', [marketId]);
  const synced = await ctx.deps.exchange.run(marketId, { type: 'sync' });
  if (!synced.ok) throw new Error(JSON.stringify(synced));
  await ctx.deps.exchange.idle();
}

describe('the market maker', () => {
  it('quotes three back and three lay prices around the fair price and re-quotes when it moves', async () => {
    const market = await x.market();
    await setFair(market.id, [400_000, 600_000]);
    let view = await x.marketView(market.id);
    // Fair 2.50 on the ladder: backers get 2.48, 2.46, 2.44; layers 2.52, 2.54, 2.56.
    expect(view.runners[0].back.map((level: { price: number }) => level.price)).toEqual([2.48, 2.46, 2.44]);
    expect(view.runners[0].lay.map((level: { price: number }) => level.price)).toEqual([2.52, 2.54, 2.56]);
    await setFair(market.id, [500_000, 500_000]);
    view = await x.marketView(market.id);
    expect(view.runners[0].back[0].price).toBe(1.99);
    // Exactly on a tick: one tick away each side (2.00 to 3.00 goes by 0.02).
    expect(view.runners[0].lay[0].price).toBe(2.02);
  });

  it('is a counterparty players match against, and a cash out equalises the profit', async () => {
    const market = await x.market();
    await setFair(market.id, [400_000, 600_000]);
    const alice = await x.player();
    const backed = await x.place(alice.auth, {
      marketId: market.id,
      runnerId: 'r1',
      side: 'BACK',
      price: 2.48,
      stake: '100',
    });
    expect(backed.json().bet).toMatchObject({ status: 'MATCHED', avgPrice: 2.48 });
    await setFair(market.id, [500_000, 500_000]);
    const quote = await x.admin_('GET', `/api/markets/${encodeURIComponent(market.id)}/cash-out`, alice.auth);
    expect(quote.json()).toMatchObject({ available: true });
    const cashed = await x.admin_(
      'POST',
      `/api/markets/${encodeURIComponent(market.id)}/cash-out`,
      alice.auth,
    );
    expect(cashed.statusCode).toBe(200);
    const { bet, profitIfWin, profitIfLose } = cashed.json();
    // Laying Home back or backing Away are the same hedge here; whichever pays more is placed.
    expect(bet).toMatchObject({ status: 'MATCHED' });
    // Backed 100 at 2.48 and the price shortened to about 2: some 20 whatever happens.
    expect(Math.abs(Number(profitIfWin) - Number(profitIfLose))).toBeLessThanOrEqual(0.05);
    expect(Number(profitIfWin)).toBeGreaterThan(15);
    expect((await x.balance(alice.auth)).exposure).toBe('0.00');
  });

  it('withdraws its quotes while the market is suspended', async () => {
    const market = await x.market();
    await setFair(market.id, [400_000, 600_000]);
    const suspended = await x.admin_(
      'POST',
      `/api/admin/markets/${encodeURIComponent(market.id)}/suspend`,
      x.admin,
    );
    expect(suspended.json().status).toBe('SUSPENDED');
    expect(suspended.json().runners[0].back).toEqual([]);
    const alice = await x.player();
    const refused = await x.place(alice.auth, {
      marketId: market.id,
      runnerId: 'r1',
      side: 'BACK',
      price: 2.48,
      stake: '100',
    });
    expect(refused.json().code).toBe('MARKET_SUSPENDED');
    const resumed = await x.admin_(
      'POST',
      `/api/admin/markets/${encodeURIComponent(market.id)}/resume`,
      x.admin,
    );
    expect(resumed.json().runners[0].back[0].price).toBe(2.48);
  });
});
