import { createSimulator } from '@backlay/feed';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyFeedBatch } from '../../sports/index.ts';
import { type Bot, type Json, type Player } from '../testing/trading-kit.ts';
import {
  authenticatedClient,
  REQUIRED_DEFINITION_KEYS,
  type StreamMessage,
  streamTestServer,
} from './stream-test-client.ts';

/** Small enough that every market's image is a segment of its own. */
const SEGMENT_CHARS = 1_200;
const POLITICS = '2378961';

const t = streamTestServer({ segmentChars: SEGMENT_CHARS });

const DATA = { fields: ['EX_MARKET_DEF', 'EX_BEST_OFFERS'], ladderLevels: 1 };
const ids = (message: StreamMessage) => (message.mc as StreamMessage[]).map((mc) => mc.id as string);

async function subscribed(bot: Bot, marketFilter: object, more: object = {}) {
  const client = await authenticatedClient(t.port, bot.api);
  client.send({ op: 'marketSubscription', id: 7, marketFilter, marketDataFilter: DATA, ...more });
  expect(await client.next((m) => m.op === 'status')).toMatchObject({ id: 7, statusCode: 'SUCCESS' });
  return client;
}

describe('market subscriptions by filter and their images', () => {
  let alice: Bot;
  let bob: Player;

  beforeAll(async () => {
    alice = await t.x.bot();
    bob = await t.x.player();
  });

  it('takes on a market created after the subscription when its filter selects it: image, then deltas', async () => {
    const before = await t.x.market();
    const growing = await subscribed(alice, { eventTypeIds: [POLITICS] });
    const image = await growing.next((m) => m.op === 'mcm' && m.ct === 'SUB_IMAGE');
    expect(ids(image)).toContain(before.bfId);
    const otherSport = await subscribed(alice, { eventTypeIds: ['1'] });
    await otherSport.next((m) => m.op === 'mcm' && m.ct === 'SUB_IMAGE');
    const named = await subscribed(alice, { marketIds: [before.bfId] });
    await named.next((m) => m.op === 'mcm' && m.ct === 'SUB_IMAGE');

    const created = await t.x.market();
    const added = await growing.next((m) => m.op === 'mcm' && m.mc?.[0]?.id === created.bfId);
    expect(added).toMatchObject({ id: 7, clk: expect.any(String) });
    expect(added.ct).toBeUndefined();
    const change = added.mc[0] as StreamMessage;
    expect(change.img).toBe(true);
    expect(Object.keys(change.marketDefinition)).toEqual(expect.arrayContaining(REQUIRED_DEFINITION_KEYS));
    expect(change.marketDefinition).toMatchObject({ status: 'OPEN', eventTypeId: POLITICS });
    expect(change.rc.map((rc: StreamMessage) => rc.id)).toEqual([created.home, created.away]);
    const [book] = (await t.x.call(alice, 'listMarketBook', {
      marketIds: [created.bfId],
    })) as unknown as Json[];
    expect(change.marketDefinition.version).toBe(book!.version);

    // Then its deltas, as for a market of the image.
    const laid = await t.x.place(bob.auth, {
      marketId: created.id,
      runnerId: created.runners[0]!.id,
      side: 'LAY',
      price: 3,
      stake: '4',
    });
    expect(laid.statusCode).toBe(201);
    const delta = await growing.next((m) => m.op === 'mcm' && m.mc?.[0]?.id === created.bfId);
    expect(delta.mc[0]).toEqual({ id: created.bfId, rc: [{ id: created.home, batb: [[0, 3, 4]] }] });

    // Neither another sport's subscription nor one of named markets takes it on.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const client of [otherSport, named])
      expect(
        client.received.filter((m) => m.mc?.some((mc: StreamMessage) => mc.id === created.bfId)),
      ).toEqual([]);
    for (const client of [growing, otherSport, named]) client.end();
  });

  it('takes on the feed’s new markets too, once their batch committed', async () => {
    const feed = createSimulator({ seed: 'stream-growth', startMs: Date.now() });
    const added = feed
      .advance(Date.now())
      .find(
        (event) => event.type === 'FIXTURE_ADDED' && event.fixture.markets.some((m) => m.pricing !== 'HOUSE'),
      );
    if (added?.type !== 'FIXTURE_ADDED') throw new Error('the simulator announced no exchange market');
    const [sport] = await t.ctx.deps.db.query<{ bf_id: string }>(
      'SELECT bf_id::text FROM sports WHERE slug = $1',
      [added.fixture.sport],
    );
    const exchangeTypes = added.fixture.markets.filter((m) => m.pricing !== 'HOUSE').map((m) => m.type);
    const growing = await subscribed(alice, { eventTypeIds: [sport!.bf_id], marketTypes: exchangeTypes });
    await growing.next((m) => m.op === 'mcm' && m.ct === 'SUB_IMAGE');

    await applyFeedBatch({ db: t.ctx.deps.db, publisher: { streams: t.ctx.deps.streams } }, [added]);
    const rows = await t.ctx.deps.db.query<{ bf_id: string }>(
      'SELECT bf_id::text FROM markets WHERE event_id = $1 AND NOT house_priced ORDER BY bf_id',
      [added.fixture.id],
    );
    expect(rows.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    while (seen.size < rows.length) {
      const message = await growing.next((m) => m.op === 'mcm' && m.mc?.some((mc: StreamMessage) => mc.img));
      for (const change of message.mc as StreamMessage[]) if (change.img) seen.add(change.id as string);
    }
    expect([...seen].sort()).toEqual(rows.map((row) => `1.${row.bf_id}`).sort());
    growing.end();
  });

  it('segments a large image as Betfair does unless the subscription turns segmentation off', async () => {
    const markets = [await t.x.market(), await t.x.market(), await t.x.market()];
    const marketFilter = { marketIds: markets.map((market) => market.bfId) };
    const segmented = await subscribed(alice, marketFilter);
    const parts = [];
    for (;;) {
      const part = await segmented.next((m) => m.op === 'mcm' && m.ct === 'SUB_IMAGE');
      parts.push(part);
      if (part.segmentType === 'SEG_END') break;
    }
    expect(parts.map((part) => part.segmentType)).toEqual(['SEG_START', 'SEG', 'SEG_END']);
    expect(parts.flatMap(ids).sort()).toEqual([...marketFilter.marketIds].sort());
    for (const part of parts)
      expect(part).toMatchObject({ id: 7, heartbeatMs: 5000, pt: expect.any(Number) });
    // The clocks come once the image is complete.
    expect(parts.slice(0, 2).map((part) => [part.clk, part.initialClk])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
    ]);
    expect(parts[2]).toMatchObject({ clk: expect.any(String), initialClk: expect.any(String) });

    const whole = await subscribed(alice, marketFilter, { segmentationEnabled: false });
    const image = await whole.next((m) => m.op === 'mcm' && m.ct === 'SUB_IMAGE');
    expect(image.segmentType).toBeUndefined();
    expect(ids(image).sort()).toEqual([...marketFilter.marketIds].sort());
    for (const client of [segmented, whole]) client.end();
  });
});
