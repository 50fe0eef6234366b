import {
  eventDetailSchema,
  eventsResponseSchema,
  marketSchema,
  sportsResponseSchema,
  streamServerMessageSchema,
} from '@backlay/contracts';
import { createSimulator, SPORTS } from '@backlay/feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app.ts';
import { openSocketProbe } from '../../test/socket-client.ts';
import { applyFeedBatch } from './feed-apply.ts';

const START_MS = Date.UTC(2026, 0, 10, 12);
const feed = createSimulator({ seed: 'api-test', startMs: START_MS });

let ctx: TestContext;
let player: Record<string, string>;
let token: string;
beforeAll(async () => {
  ctx = await startTestApp();
  await applyFeedBatch({ db: ctx.deps.db }, feed.advance(START_MS));
  token = await loginAs(ctx.app, 'player@backlay.local', 'player123');
  player = bearer(token);
});
afterAll(() => ctx.close());

const get = (url: string, headers = player) => ctx.app.inject({ method: 'GET', url, headers });
const marketUrl = (id: string) => `/api/markets/${encodeURIComponent(id)}`;

async function inPlayCricket() {
  const { events } = eventsResponseSchema.parse((await get('/api/events?sport=cricket')).json());
  const event = events.find((e) => e.inPlay);
  if (!event?.marketId) throw new Error('no cricket match in play');
  return { ...event, marketId: event.marketId };
}

describe('sports read API', () => {
  it('lists every sport of the home list with its open and in-play counts', async () => {
    const response = await get('/api/sports');
    expect(response.statusCode).toBe(200);
    const { sports } = sportsResponseSchema.parse(response.json());
    expect(sports.map((s) => s.slug)).toEqual([...SPORTS]);
    const cricket = sports.find((s) => s.slug === 'cricket')!;
    expect(cricket.events).toBeGreaterThanOrEqual(6);
    expect(cricket.inPlay).toBeGreaterThanOrEqual(1);
    expect(sports.every((s) => s.events >= 2)).toBe(true);
  });

  it("lists a sport's events with the match-odds runners and no prices before the exchange quotes", async () => {
    const response = await get('/api/events?sport=football');
    const { events } = eventsResponseSchema.parse(response.json());
    expect(events.length).toBeGreaterThanOrEqual(6);
    expect(events.every((e) => e.sport === 'football' && e.marketId?.endsWith('.match-odds'))).toBe(true);
    expect(events[0]!.runners.map((r) => r.name)).toContain('The Draw');
    expect(events[0]!.runners.every((r) => r.back === null && r.lay === null)).toBe(true);
    expect(events.findIndex((e) => !e.inPlay)).toBeGreaterThanOrEqual(events.filter((e) => e.inPlay).length);
  });

  it('answers an event with its score and markets, and one market alone', async () => {
    const cricket = await inPlayCricket();
    const detail = eventDetailSchema.parse((await get(`/api/events/${cricket.id}`)).json());
    expect(detail.event).toMatchObject({ id: cricket.id, sport: 'cricket', inPlay: true, status: 'IN_PLAY' });
    expect(detail.score?.summary).toBeTruthy();
    expect(detail.markets.map((m) => m.type)).toEqual(
      expect.arrayContaining(['MATCH_ODDS', 'BOOKMAKER', 'FANCY']),
    );
    const market = marketSchema.parse((await get(marketUrl(cricket.marketId))).json());
    expect(market).toMatchObject({ id: cricket.marketId, type: 'MATCH_ODDS', inPlay: true, betDelaySec: 5 });
    expect(market).toMatchObject({ minStake: '100.00', maxStake: '500000.00', commissionPercent: 2 });
    expect(market.runners.every((r) => r.back.length === 0 && r.lay.length === 0 && r.fairPpm! > 0)).toBe(
      true,
    );
    expect(detail.markets.find((m) => m.id === cricket.marketId)).toEqual(market);
    // A market id is URL-safe: the same market answers to it written as it is.
    expect(cricket.marketId).not.toContain('/');
    expect((await get(`/api/markets/${cricket.marketId}`)).json()).toEqual(market);
    expect(detail.markets.some((m) => m.type === 'FANCY' && m.line !== null && m.line.line > 0)).toBe(true);
  });

  it('answers unknown ids and sports with 404 and a code, malformed ids with 400, strangers with 401', async () => {
    expect((await get('/api/events/cricket-00000000-1')).json()).toMatchObject({ code: 'UNKNOWN_EVENT' });
    for (const marketId of ['cricket-00000000-1.match-odds', 'cricket-00000000-1/match-odds']) {
      const unknownMarket = await get(marketUrl(marketId));
      expect(unknownMarket.statusCode).toBe(404);
      expect(unknownMarket.json()).toMatchObject({ code: 'UNKNOWN_MARKET' });
    }
    const unknownSport = await get('/api/events?sport=curling');
    expect([unknownSport.statusCode, unknownSport.json().code]).toEqual([404, 'UNKNOWN_SPORT']);
    expect((await get('/api/events/..%2F..%2Fetc')).statusCode).toBe(400);
    expect((await get('/api/sports', {})).statusCode).toBe(401);
  });
});

describe('market and score topics of /ws/stream', () => {
  it('sends the market on subscribe and again after a batch changes it', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const probe = await openSocketProbe(`ws://127.0.0.1:${port}/ws/stream`);
    const next = async () => streamServerMessageSchema.parse(await probe.next()) as Record<string, unknown>;
    probe.socket.send(JSON.stringify({ token }));
    expect(await probe.next()).toEqual({ ready: true });
    const cricket = await inPlayCricket();
    probe.socket.send(JSON.stringify({ sub: 'market', id: cricket.marketId }));
    const snapshot = await next();
    // The exchange API's shape: `{type: "market", market}`.
    const before = marketSchema.parse(snapshot.market);
    expect(snapshot).toMatchObject({
      type: 'market',
      kind: 'market',
      id: cricket.marketId,
      snapshot: true,
      seq: before.version,
    });
    probe.socket.send(JSON.stringify({ sub: 'score', id: cricket.id }));
    expect(await next()).toMatchObject({ kind: 'score', id: cricket.id, snapshot: true });

    // Ten simulated minutes of a T20 chase move its match odds and its score.
    const applied = await applyFeedBatch(
      { db: ctx.deps.db, publisher: { streams: ctx.deps.streams } },
      feed.advance(START_MS + 10 * 60_000),
    );
    expect(applied.marketIds).toContain(cricket.marketId);
    const updates = [await next(), await next()];
    const market = updates.find((u) => u.kind === 'market')!;
    const after = marketSchema.parse(market.market);
    expect(market.seq).toBe(before.version + 1);
    expect(after.version).toBe(before.version + 1);
    expect(after.runners.map((r) => r.fairPpm)).not.toEqual(before.runners.map((r) => r.fairPpm));
    expect(updates.find((u) => u.kind === 'score')).toMatchObject({
      type: 'score',
      id: cricket.id,
      eventId: cricket.id,
      inPlay: true,
    });
    probe.socket.close();
  });
});
