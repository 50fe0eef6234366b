import { beforeAll, describe, expect, it } from 'vitest';
import { limit, type Bot, type Player, type TradedMarket } from '../testing/trading-kit.ts';
import { MAX_CONNECTIONS_PER_APP_KEY } from './app-key-connections.ts';
import {
  authenticatedClient,
  streamClient,
  type StreamMessage,
  streamTestServer,
} from './stream-test-client.ts';

const t = streamTestServer();

const FIELDS = ['EX_ALL_OFFERS', 'EX_MARKET_DEF'];
type Clocks = { initialClk?: string | null; clk?: string | null };

describe('a market subscription resumed from its clocks', () => {
  let alice: Bot;
  let bob: Player;

  beforeAll(async () => {
    alice = await t.x.bot();
    bob = await t.x.player();
  });

  const subscribe = async (market: TradedMarket, clocks: Clocks = {}, id = 5) => {
    const client = await authenticatedClient(t.port, alice.api);
    client.send({
      op: 'marketSubscription',
      id,
      marketFilter: { marketIds: [market.bfId] },
      marketDataFilter: { fields: FIELDS },
      ...clocks,
    });
    const first = await client.next((m) => m.op === 'mcm' && m.id === id && m.ct !== 'HEARTBEAT');
    return { client, first };
  };
  const lay = (market: TradedMarket, price: number, stake: string) =>
    t.x.place(bob.auth, { marketId: market.id, runnerId: market.runners[0]!.id, side: 'LAY', price, stake });
  /** The client's end reaches the server, and the hub lets the market go. */
  const hangUp = async (client: { end(): void }) => {
    client.end();
    await new Promise((resolve) => setTimeout(resolve, 200));
  };

  it('sends RESUB_DELTA with only what changed while the client was away', async () => {
    const market = await t.x.market();
    const { client, first } = await subscribe(market);
    expect(first).toMatchObject({ ct: 'SUB_IMAGE', initialClk: expect.any(String) });
    expect((await lay(market, 3.0, '5')).statusCode).toBe(201);
    const delta = await client.next((m) => m.op === 'mcm' && m.mc?.[0]?.rc);
    expect(delta.mc[0].rc[0].atb).toEqual([[3, 5]]);
    await hangUp(client);

    expect((await lay(market, 2.0, '10')).statusCode).toBe(201);
    const { client: again, first: resumed } = await subscribe(market, {
      initialClk: first.initialClk,
      clk: delta.clk,
    });
    expect(resumed.ct).toBe('RESUB_DELTA');
    expect(resumed.initialClk).toBe(first.initialClk);
    expect(BigInt(resumed.clk)).toBeGreaterThan(BigInt(delta.clk));
    // Only the new level: no image, no definition (it did not change), not the level held already.
    expect(resumed.mc).toEqual([{ id: market.bfId, rc: [{ id: market.home, atb: [[2, 10]] }] }]);

    // Resumed again from the delta's clock, nothing changed since: an empty RESUB_DELTA.
    await hangUp(again);
    const { client: third, first: nothing } = await subscribe(market, {
      initialClk: first.initialClk,
      clk: resumed.clk,
    });
    expect(nothing).toMatchObject({ ct: 'RESUB_DELTA', mc: [] });
    third.end();
  });

  it('answers clocks it cannot resume from with a full SUB_IMAGE', async () => {
    const market = await t.x.market();
    const { client, first } = await subscribe(market);
    await hangUp(client);
    // Another process's clock (its origin differs), garbage, and a clock without its initialClk.
    const foreign = String(BigInt(first.clk) + 1n);
    for (const clocks of [
      { initialClk: first.initialClk, clk: foreign },
      { initialClk: 'garbage', clk: first.clk },
      { initialClk: null, clk: first.clk },
    ]) {
      const { client: again, first: image } = await subscribe(market, clocks);
      expect(image.ct).toBe('SUB_IMAGE');
      expect(image.mc[0]).toMatchObject({ id: market.bfId, img: true });
      await hangUp(again);
    }
  });

  it('never reopens a market closed before the reconnect; one closed while away arrives CLOSED once', async () => {
    const closedBefore = await t.x.market();
    const { client, first } = await subscribe(closedBefore);
    expect((await t.x.settle(closedBefore.id, closedBefore.runners[0]!.id)).statusCode).toBe(200);
    const closed = await client.next((m) => m.mc?.[0]?.marketDefinition?.status === 'CLOSED');
    await hangUp(client);
    const { client: again, first: resumed } = await subscribe(closedBefore, {
      initialClk: first.initialClk,
      clk: closed.clk,
    });
    expect(resumed).toMatchObject({ ct: 'RESUB_DELTA', mc: [] });
    await hangUp(again);

    const closedAway = await t.x.market();
    const watched = await subscribe(closedAway);
    await hangUp(watched.client);
    expect((await t.x.settle(closedAway.id, closedAway.runners[0]!.id)).statusCode).toBe(200);
    await t.ctx.deps.exchange.idle();
    const { client: back, first: caughtUp } = await subscribe(closedAway, {
      initialClk: watched.first.initialClk,
      clk: watched.first.clk,
    });
    expect(caughtUp.ct).toBe('RESUB_DELTA');
    expect(caughtUp.mc).toHaveLength(1);
    expect(caughtUp.mc[0].img).toBeUndefined();
    expect(caughtUp.mc[0].marketDefinition).toMatchObject({ status: 'CLOSED' });
    back.end();
  });
});

describe('stream connections per app key', () => {
  it('says how many remain in each status, and refuses one past the limit', async () => {
    const carol = await t.x.bot();
    const clients = [];
    for (let index = 0; index < MAX_CONNECTIONS_PER_APP_KEY; index += 1)
      clients.push(await authenticatedClient(t.port, carol.api));
    const last = clients.at(-1)!;
    last.send({ op: 'heartbeat', id: 2 });
    expect(await last.next((m) => m.id === 2)).toMatchObject({
      statusCode: 'SUCCESS',
      connectionsAvailable: 0,
    });

    const refused = await streamClient(t.port);
    refused.send({
      op: 'authentication',
      id: 1,
      appKey: carol.api['x-application'],
      session: carol.api['x-authentication'],
    });
    expect(await refused.next((m: StreamMessage) => m.op === 'status')).toMatchObject({
      statusCode: 'FAILURE',
      errorCode: 'MAX_CONNECTION_LIMIT_EXCEEDED',
      connectionClosed: true,
    });
    expect(await refused.waitClosed()).toBe(true);

    // A closed connection gives its place back.
    clients.pop()!.end();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const another = await authenticatedClient(t.port, carol.api);
    another.send({ op: 'heartbeat', id: 3 });
    expect(await another.next((m) => m.id === 3)).toMatchObject({ connectionsAvailable: 0 });
    for (const client of [...clients, another]) client.end();
  });
});

describe('an order subscription’s orderFilter', () => {
  it('keeps a strategy’s orders, partitions matches by strategy, leaves out the overall position, and shows no other account', async () => {
    const [dave, bob] = [await t.x.bot(), await t.x.player()];
    const market = await t.x.market();
    const layer = await t.x.place(bob.auth, {
      marketId: market.id,
      runnerId: market.runners[0]!.id,
      side: 'LAY',
      price: 2.0,
      stake: '10',
    });
    expect(layer.statusCode).toBe(201);
    for (const [customerStrategyRef, size] of [
      ['alpha', 3],
      ['beta', 2],
    ] as const) {
      const placed = await t.x.call(dave, 'placeOrders', {
        marketId: market.bfId,
        customerStrategyRef,
        instructions: [limit(market.home, 'BACK', 2.0, size)],
      });
      expect(placed.status).toBe('SUCCESS');
    }
    const imageOf = async (orderFilter: object | undefined, id: number) => {
      const client = await authenticatedClient(t.port, dave.api);
      client.send({ op: 'orderSubscription', id, ...(orderFilter && { orderFilter }) });
      const image = await client.next((m) => m.op === 'ocm' && m.ct === 'SUB_IMAGE');
      client.end();
      return image;
    };

    const alpha = await imageOf(
      { customerStrategyRefs: ['alpha'], partitionMatchedByStrategyRef: true, includeOverallPosition: false },
      1,
    );
    const [runner] = alpha.oc[0].orc;
    expect(runner.uo.map((order: StreamMessage) => [order.rfs, order.s])).toEqual([['alpha', 3]]);
    expect(runner.smc).toEqual({ alpha: { mb: [[2, 3]], ml: [] } });
    expect(runner).not.toHaveProperty('mb');

    const details = await t.ctx.app.inject({
      method: 'POST',
      url: '/betfair/exchange/account/json-rpc/v1',
      headers: { 'content-type': 'application/json', ...dave.api },
      payload: { jsonrpc: '2.0', method: 'AccountAPING/v1.0/getAccountDetails', params: {}, id: 1 },
    });
    const { accountId } = details.json<{ result: { accountId: number } }>().result;
    expect(accountId).toEqual(expect.any(Number));
    const own = await imageOf({ accountIds: [accountId], partitionMatchedByStrategyRef: true }, 2);
    expect(own.oc[0].orc[0].uo).toHaveLength(2);
    expect(own.oc[0].orc[0].mb).toEqual([[2, 5]]);
    expect(own.oc[0].orc[0].smc).toEqual({ alpha: { mb: [[2, 3]], ml: [] }, beta: { mb: [[2, 2]], ml: [] } });
    expect((await imageOf({ accountIds: [accountId + 1] }, 3)).oc).toBeUndefined();
  });
});
