import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, TEST_ADMIN } from '../../../test/test-app.ts';
import { BETFAIR_DATE, limit, type Bot, type Player } from '../testing/trading-kit.ts';
import { authenticatedClient, type StreamMessage, streamTestServer } from './stream-test-client.ts';

const t = streamTestServer({ sessionCheckMs: 400 });

const authenticated = (bot: Bot) => authenticatedClient(t.port, bot.api);

describe('the Exchange Stream API as markets close and conflate', () => {
  let alice: Bot;
  let bob: Player;

  beforeAll(async () => {
    alice = await t.x.bot();
    bob = await t.x.player();
  });

  it('closes a settled market: the definition CLOSED with its winner, then each player’s orders closed once', async () => {
    const closing = await t.x.market();
    const [erin, frank] = [await t.x.bot(), await t.x.bot()];
    const subscribeOrders = async (bot: Bot) => {
      const client = await authenticated(bot);
      client.send({ op: 'orderSubscription', id: 20 });
      await client.next((m) => m.op === 'ocm' && m.ct === 'SUB_IMAGE');
      return client;
    };
    // Erin's back is matched; Frank's lay is cancelled before the close, so no bet of his settles.
    const frankBet = await t.x.call(frank, 'placeOrders', {
      marketId: closing.bfId,
      instructions: [limit(closing.away, 'LAY', 5.0, 2)],
    });
    await t.x.call(frank, 'cancelOrders', {
      marketId: closing.bfId,
      instructions: [{ betId: frankBet.instructionReports[0].betId }],
    });
    const orders = await subscribeOrders(erin);
    const frankOrders = await subscribeOrders(frank);
    const market = await authenticated(erin);
    market.send({
      op: 'marketSubscription',
      id: 21,
      marketFilter: { marketIds: [closing.bfId] },
      marketDataFilter: { fields: ['EX_MARKET_DEF', 'EX_LTP'] },
    });
    const image = await market.next((m) => m.op === 'mcm' && m.ct === 'SUB_IMAGE');
    expect(image.mc[0].marketDefinition.settledTime).toBeUndefined();
    const laid = await t.x.place(bob.auth, {
      marketId: closing.id,
      runnerId: closing.runners[0]!.id,
      side: 'LAY',
      price: 2.0,
      stake: '3',
    });
    expect(laid.statusCode).toBe(201);
    await t.x.call(erin, 'placeOrders', {
      marketId: closing.bfId,
      instructions: [limit(closing.home, 'BACK', 2.0, 3)],
    });
    await orders.next((m) => m.op === 'ocm' && m.oc?.[0]?.orc?.[0]?.mb);

    expect((await t.x.settle(closing.id, closing.runners[0]!.id)).statusCode).toBe(200);
    const settled = await market.next((m) => m.op === 'mcm' && m.mc?.[0]?.marketDefinition?.settledTime);
    const definition = settled.mc[0].marketDefinition as StreamMessage;
    expect(definition.status).toBe('CLOSED');
    expect(definition.settledTime).toMatch(BETFAIR_DATE);
    expect(definition.version).toBeGreaterThan(image.mc[0].marketDefinition.version);
    expect(definition.runners.map((r: StreamMessage) => [r.id, r.status])).toEqual([
      [closing.home, 'WINNER'],
      [closing.away, 'LOSER'],
    ]);

    // The settled bet comes first, then the market's close, alone.
    const final = await orders.next((m) => m.op === 'ocm' && m.oc?.[0]?.orc?.[0]?.uo?.[0]?.status === 'EC');
    const closed = await orders.next((m) => m.op === 'ocm' && m.oc?.[0]?.closed);
    expect(Number(closed.clk)).toBeGreaterThan(Number(final.clk));
    expect(closed.oc).toEqual([{ id: closing.bfId, closed: true }]);
    expect(await frankOrders.next((m) => m.op === 'ocm' && m.oc?.[0]?.closed)).toMatchObject({
      oc: [{ id: closing.bfId, closed: true }],
    });

    // A later announcement of the market (a re-settlement, say) sends no second close.
    await t.ctx.deps.streams.publish('market', closing.id, {
      seq: Date.now(),
      data: { id: closing.id, status: 'SETTLED' },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(orders.received.filter((m) => m.oc?.some((oc: StreamMessage) => oc.closed))).toEqual([]);
    for (const client of [orders, frankOrders, market]) client.end();
  });

  it('closes a voided market’s orders and shows its runners without a winner', async () => {
    const voided = await t.x.market();
    const gina = await t.x.bot();
    await t.x.call(gina, 'placeOrders', {
      marketId: voided.bfId,
      instructions: [limit(voided.home, 'BACK', 4.0, 2)],
    });
    const orders = await authenticated(gina);
    orders.send({ op: 'orderSubscription', id: 30 });
    const image = await orders.next((m) => m.op === 'ocm' && m.ct === 'SUB_IMAGE');
    expect(image.oc[0].id).toBe(voided.bfId);
    const market = await authenticated(gina);
    market.send({
      op: 'marketSubscription',
      id: 31,
      marketFilter: { marketIds: [voided.bfId] },
      marketDataFilter: { fields: ['EX_MARKET_DEF'] },
    });
    await market.next((m) => m.op === 'mcm' && m.ct === 'SUB_IMAGE');

    const admin = bearer(await loginAs(t.ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
    const answer = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/markets/${encodeURIComponent(voided.id)}/void`,
      headers: admin,
      payload: { reason: 'abandoned' },
    });
    expect(answer.statusCode).toBe(200);
    const cancelled = await orders.next(
      (m) => m.op === 'ocm' && m.oc?.[0]?.orc?.[0]?.uo?.[0]?.status === 'EC',
    );
    expect(cancelled.oc[0].orc[0].uo[0]).toMatchObject({ sr: 0, sc: 2 });
    expect((await orders.next((m) => m.op === 'ocm' && m.oc?.[0]?.closed)).oc).toEqual([
      { id: voided.bfId, closed: true },
    ]);
    const closed = await market.next((m) => m.op === 'mcm' && m.mc?.[0]?.marketDefinition?.settledTime);
    expect(closed.mc[0].marketDefinition.status).toBe('CLOSED');
    expect(closed.mc[0].marketDefinition.runners.map((r: StreamMessage) => r.status)).toEqual([
      'ACTIVE',
      'ACTIVE',
    ]);
    orders.end();
    market.end();
  });

  it('conflates a subscription that asks for it: one merged change per period, conflateMs echoed', async () => {
    const busy = await t.x.market();
    const client = await authenticated(alice);
    client.send({
      op: 'marketSubscription',
      id: 40,
      marketFilter: { marketIds: [busy.bfId] },
      marketDataFilter: { fields: ['EX_ALL_OFFERS'] },
      conflateMs: 3000,
    });
    const image = await client.next((m) => m.op === 'mcm' && m.ct === 'SUB_IMAGE');
    expect(image.conflateMs).toBe(3000);
    // Three lays well apart in time (the portal's own conflation is 100 ms): one message carries them.
    for (const [price, stake] of [
      [3.0, '2'],
      [3.0, '3'],
      [4.0, '1'],
    ] as const) {
      const laid = await t.x.place(bob.auth, {
        marketId: busy.id,
        runnerId: busy.runners[0]!.id,
        side: 'LAY',
        price,
        stake,
      });
      expect(laid.statusCode).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    // Generous: on a machine busy with other suites a read of the market can lag by seconds.
    const merged = await client.next((m) => m.op === 'mcm' && m.mc, 15_000);
    expect(merged.pt - image.pt).toBeGreaterThanOrEqual(3000);
    expect(merged).toMatchObject({ id: 40, con: true });
    expect(merged.mc).toEqual([
      {
        id: busy.bfId,
        rc: [
          {
            id: busy.home,
            atb: [
              [4, 1],
              [3, 5],
            ],
          },
        ],
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.received.filter((m) => m.mc)).toEqual([]);
    client.end();
  });
});
