import { beforeAll, describe, expect, it } from 'vitest';
import { limit, type Bot, type Player, type TradedMarket } from '../testing/trading-kit.ts';
import {
  authenticatedClient,
  REQUIRED_DEFINITION_KEYS,
  RUNNER_DEFINITION_KEYS,
  streamClient,
  UO_KEYS,
  streamTestServer,
  type StreamMessage,
} from './stream-test-client.ts';

const t = streamTestServer({ sessionCheckMs: 400 });

const authenticated = (bot: Bot) => authenticatedClient(t.port, bot.api);

describe('the Exchange Stream API', () => {
  let alice: Bot;
  let bob: Player;
  let market: TradedMarket;

  beforeAll(async () => {
    alice = await t.x.bot();
    bob = await t.x.player();
    market = await t.x.market();
  });

  it('refuses requests before authentication, bad keys and sessions, and bad JSON, closing the connection', async () => {
    const early = await streamClient(t.port);
    early.send({ op: 'heartbeat', id: 5 });
    expect(await early.next((m) => m.op === 'status')).toMatchObject({
      id: 5,
      statusCode: 'FAILURE',
      errorCode: 'NOT_AUTHORIZED',
      connectionClosed: true,
    });
    expect(await early.waitClosed()).toBe(true);

    const cases: [object, string][] = [
      [{ session: alice.api['x-authentication'] }, 'NO_APP_KEY'],
      [{ appKey: 'nope', session: alice.api['x-authentication'] }, 'INVALID_APP_KEY'],
      [{ appKey: alice.api['x-application'] }, 'NO_SESSION'],
      [{ appKey: alice.api['x-application'], session: 'x'.repeat(43) }, 'INVALID_SESSION_INFORMATION'],
    ];
    for (const [fields, errorCode] of cases) {
      const client = await streamClient(t.port);
      client.send({ op: 'authentication', id: 2, ...fields });
      expect(await client.next((m) => m.op === 'status')).toMatchObject({
        id: 2,
        errorCode,
        connectionClosed: true,
      });
      expect(await client.waitClosed()).toBe(true);
    }

    const garbled = await authenticated(alice);
    garbled.send('{not json');
    expect(await garbled.next((m) => m.op === 'status')).toMatchObject({
      statusCode: 'FAILURE',
      errorCode: 'INVALID_INPUT',
      connectionClosed: true,
    });
    expect(await garbled.waitClosed()).toBe(true);
  });

  it('ends the stream when its session ends (logout)', async () => {
    const dave = await t.x.bot();
    const client = await authenticated(dave);
    const logout = await t.ctx.app.inject({
      method: 'POST',
      url: '/betfair/identity/logout',
      headers: { accept: 'application/json', ...dave.api },
    });
    expect(logout.json()).toMatchObject({ status: 'SUCCESS' });
    expect(await client.next((m) => m.op === 'status', 3000)).toMatchObject({
      statusCode: 'FAILURE',
      errorCode: 'INVALID_SESSION_INFORMATION',
      connectionClosed: true,
    });
    expect(await client.waitClosed()).toBe(true);
  });

  it('answers heartbeats and refuses an unknown field with INVALID_INPUT, keeping the connection', async () => {
    const client = await authenticated(alice);
    client.send({ op: 'heartbeat', id: 7 });
    expect(await client.next((m) => m.id === 7)).toMatchObject({ op: 'status', statusCode: 'SUCCESS' });
    client.send({
      op: 'marketSubscription',
      id: 8,
      marketFilter: {},
      marketDataFilter: { fields: ['EX_WHAT'] },
    });
    expect(await client.next((m) => m.id === 8)).toMatchObject({
      statusCode: 'FAILURE',
      errorCode: 'INVALID_INPUT',
      connectionClosed: false,
    });
    client.end();
  });

  it('sends a market image with the definition the client requires, then price deltas and heartbeats', async () => {
    const client = await authenticated(alice);
    client.send({
      op: 'marketSubscription',
      id: 3,
      marketFilter: { marketIds: [market.bfId] },
      marketDataFilter: {
        fields: ['EX_BEST_OFFERS', 'EX_ALL_OFFERS', 'EX_TRADED', 'EX_TRADED_VOL', 'EX_LTP', 'EX_MARKET_DEF'],
        ladderLevels: 2,
      },
      heartbeatMs: 500,
      initialClk: null,
      clk: null,
    });
    expect(await client.next((m) => m.op === 'status' && m.id === 3)).toMatchObject({
      statusCode: 'SUCCESS',
    });
    const image = await client.next((m) => m.op === 'mcm' && m.ct === 'SUB_IMAGE');
    expect(image).toMatchObject({ id: 3, heartbeatMs: 500, conflateMs: 0 });
    expect(image.clk).toEqual(image.initialClk);
    expect(typeof image.pt).toBe('number');
    const [mc] = image.mc as StreamMessage[];
    expect(mc!.id).toBe(market.bfId);
    expect(mc!.img).toBe(true);
    const definition = mc!.marketDefinition as StreamMessage;
    for (const key of REQUIRED_DEFINITION_KEYS) expect(definition).toHaveProperty(key);
    expect(definition).toMatchObject({ status: 'OPEN', inPlay: false, bettingType: 'ODDS' });
    for (const runner of definition.runners as StreamMessage[])
      expect(RUNNER_DEFINITION_KEYS).toEqual(expect.arrayContaining(Object.keys(runner)));
    expect((definition.runners as StreamMessage[]).map((r) => r.id)).toEqual([market.home, market.away]);
    expect(mc!.rc[0]).toEqual({ id: market.home, atb: [], atl: [], batb: [], batl: [], trd: [], tv: 0 });

    const laid = await t.x.place(bob.auth, {
      marketId: market.id,
      runnerId: market.runners[0]!.id,
      side: 'LAY',
      price: 2.0,
      stake: '10',
    });
    expect(laid.statusCode).toBe(201);
    const delta = await client.next((m) => m.op === 'mcm' && m.ct === undefined && m.mc?.[0]?.rc);
    expect(delta.id).toBe(3);
    expect(Number(delta.clk)).toBeGreaterThan(Number(image.clk));
    expect(delta.mc[0].img).toBeUndefined();
    expect(delta.mc[0].marketDefinition).toBeUndefined();
    expect(delta.mc[0].rc).toEqual([{ id: market.home, atb: [[2, 10]], batb: [[0, 2, 10]] }]);

    // A back at 2.0 takes 4 of it: the ladder, traded volume and last price traded move together.
    const placed = await t.x.call(alice, 'placeOrders', {
      marketId: market.bfId,
      instructions: [limit(market.home, 'BACK', 2.0, 4)],
    });
    expect(placed.status).toBe('SUCCESS');
    const traded = await client.next((m) => m.op === 'mcm' && m.mc?.[0]?.rc?.[0]?.trd);
    expect(traded.mc[0].rc[0]).toEqual({
      id: market.home,
      atb: [[2, 6]],
      batb: [[0, 2, 6]],
      trd: [[2, 4]],
      tv: 4,
      ltp: 2,
    });
    expect(traded.mc[0].tv).toBe(4);

    const heartbeat = await client.next((m) => m.op === 'mcm' && m.ct === 'HEARTBEAT', 3000);
    expect(heartbeat).toMatchObject({ id: 3 });
    expect(heartbeat.clk).toEqual(expect.any(String));
    client.end();
  });

  it('follows the session player’s orders: an image, then each order in full with its matches', async () => {
    const carol = await t.x.bot();
    const client = await authenticated(carol);
    client.send({ op: 'orderSubscription', id: 4, orderFilter: { includeOverallPosition: true } });
    expect(await client.next((m) => m.op === 'status' && m.id === 4)).toMatchObject({
      statusCode: 'SUCCESS',
    });
    const image = await client.next((m) => m.op === 'ocm' && m.ct === 'SUB_IMAGE');
    expect(image).toMatchObject({ id: 4, heartbeatMs: 5000 });
    expect(image.oc).toBeUndefined();

    const placed = await t.x.call(carol, 'placeOrders', {
      marketId: market.bfId,
      customerStrategyRef: 'strat-9',
      instructions: [{ ...limit(market.away, 'LAY', 3.0, 5), customerOrderRef: 'ord-9' }],
    });
    const betId = placed.instructionReports[0].betId as string;
    const change = await client.next((m) => m.op === 'ocm' && m.oc);
    expect(change.id).toBe(4);
    const [oc] = change.oc as StreamMessage[];
    expect(oc!.id).toBe(market.bfId);
    const [orc] = oc!.orc as StreamMessage[];
    expect(orc!.id).toBe(market.away);
    const [uo] = orc!.uo as StreamMessage[];
    expect(Object.keys(uo!).sort()).toEqual([...UO_KEYS].sort());
    expect(uo).toMatchObject({
      id: betId,
      p: 3,
      s: 5,
      side: 'L',
      status: 'E',
      pt: 'L',
      ot: 'L',
      sm: 0,
      sr: 5,
      sl: 0,
      sc: 0,
      sv: 0,
      avp: 0,
      rfo: 'ord-9',
      rfs: 'strat-9',
    });

    const taken = await t.x.place(bob.auth, {
      marketId: market.id,
      runnerId: market.runners[1]!.id,
      side: 'BACK',
      price: 3.0,
      stake: '2',
    });
    expect(taken.statusCode).toBe(201);
    const matched = await client.next((m) => m.op === 'ocm' && m.oc?.[0]?.orc?.[0]?.ml);
    const runner = matched.oc[0].orc[0];
    expect(runner.ml).toEqual([[3, 2]]);
    expect(runner.uo[0]).toMatchObject({ id: betId, sm: 2, sr: 3, avp: 3, status: 'E' });
    expect(runner.uo[0].md).toEqual(expect.any(Number));

    const cancelled = await t.x.call(carol, 'cancelOrders', {
      marketId: market.bfId,
      instructions: [{ betId }],
    });
    expect(cancelled.status).toBe('SUCCESS');
    const done = await client.next((m) => m.op === 'ocm' && m.oc?.[0]?.orc?.[0]?.uo?.[0]?.status === 'EC');
    expect(done.oc[0].orc[0].uo[0]).toMatchObject({ sm: 2, sr: 0, sc: 3 });

    // A reconnect with clocks gets a fresh image carrying the order.
    const again = await authenticated(carol);
    again.send({ op: 'orderSubscription', id: 9, initialClk: image.initialClk, clk: change.clk });
    const resumed = await again.next((m) => m.op === 'ocm' && m.ct === 'SUB_IMAGE');
    expect(resumed.oc[0]).toMatchObject({ id: market.bfId, fullImage: true });
    expect(resumed.oc[0].orc[0].uo[0].id).toBe(betId);
    client.end();
    again.end();
  });

  it('subscribes by event: the open exchange markets of the event, fields as asked', async () => {
    const [event] = await t.ctx.deps.db.query<{ bf: string }>(
      `SELECT e.bf_id::text AS bf FROM markets m JOIN events e ON e.id = m.event_id WHERE m.id = $1`,
      [market.id],
    );
    const client = await authenticated(alice);
    client.send({
      op: 'marketSubscription',
      id: 12,
      marketFilter: { eventIds: [event!.bf], bettingTypes: null },
      marketDataFilter: { fields: ['EX_LTP'] },
    });
    const image = await client.next((m) => m.op === 'mcm' && m.id === 12);
    expect(image.mc.map((mc: StreamMessage) => mc.id)).toEqual([market.bfId]);
    expect(image.mc[0].marketDefinition).toBeUndefined();
    // Both runners traded in the tests above: home at 2.0, away at 3.0.
    expect(image.mc[0].rc).toEqual([
      { id: market.home, ltp: 2 },
      { id: market.away, ltp: 3 },
    ]);
    client.send({ op: 'marketSubscription', id: 13, marketFilter: { eventIds: ['x'] } });
    expect(await client.next((m) => m.id === 13)).toMatchObject({ errorCode: 'INVALID_INPUT' });
    client.end();
  });
});
