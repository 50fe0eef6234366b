import { randomUUID } from 'node:crypto';
import type { AdminMarket, AdminMarketDetail, AdminMarketsPage } from '@backlay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';

/** The console's markets: every market in any state, filtered and paged (docs/decisions/0249). */

type Headers = Record<string, string>;
type Created = {
  eventId: string;
  markets: { id: string; type: string; runners: { id: string; name: string }[] }[];
};

let ctx: TestContext;
let admin: Headers;
/** In every event name here, so a name search finds this file's markets only. */
const token = `mk${randomUUID().slice(0, 8)}`;
const DAY = 86_400_000;
let darts: Created;
let politics: Created;
let cricket: Created;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  darts = await createEvent('darts', `Darts ${token}`, 1, ['MATCH_ODDS', 'WINNER']);
  politics = await createEvent('politics', `Election ${token}`, 3, ['OUTRIGHT']);
  cricket = await createEvent('cricket', `Cup ${token}`, 2, ['MATCH_ODDS', 'TIED_MATCH']);
});
afterAll(() => ctx.close());

async function createEvent(sport: string, name: string, days: number, types: string[]): Promise<Created> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/events',
    headers: admin,
    payload: {
      sport,
      competition: 'Console',
      name,
      startTime: new Date(Date.now() + days * DAY).toISOString(),
      markets: types.map((type) => ({ type, runners: ['One', 'Two'], marketMaker: false })),
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<Created>();
}

/** A market as the odds feed writes one (its event named by its fixture), started an hour ago. */
async function insertFeedMarket(name: string): Promise<string> {
  const eventId = `football-${randomUUID().slice(0, 8)}-1`;
  await ctx.deps.db.query(
    `INSERT INTO competitions (sport_slug, name) VALUES ('football', 'Feed League') ON CONFLICT DO NOTHING`,
  );
  await ctx.deps.db.query(
    `INSERT INTO events (id, sport_slug, competition_id, name, start_time, status, in_play)
     SELECT $1, 'football', id, $2, now() - interval '1 hour', 'IN_PLAY', true FROM competitions
      WHERE sport_slug = 'football' AND name = 'Feed League'`,
    [eventId, name],
  );
  await ctx.deps.db.query(
    `INSERT INTO markets (id, event_id, type, name, sort_order, in_play, bet_delay_sec, min_stake_minor,
                          max_stake_minor, commission_percent, house_priced)
     VALUES ($1 || '.bookmaker', $1, 'BOOKMAKER', 'Bookmaker', 1, true, 5, 100, 100000, 0, true)`,
    [eventId],
  );
  return `${eventId}.bookmaker`;
}

const get = (url: string, headers: Headers = admin) => ctx.app.inject({ method: 'GET', url, headers });

async function page(query: string): Promise<AdminMarketsPage> {
  const response = await get(`/api/admin/markets?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminMarketsPage>();
}

/** Every page of a query, following `next`. */
async function allPages(query: string): Promise<AdminMarket[]> {
  const items: AdminMarket[] = [];
  let cursor: string | null = null;
  do {
    const answer: AdminMarketsPage = await page(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...answer.items);
    cursor = answer.next;
  } while (cursor);
  return items;
}

const idsOf = (items: AdminMarket[]) => items.map((item) => item.id);
/** An event's market of one type (the answer lists them in no set order). */
const marketOf = (event: Created, type: string) => event.markets.find((market) => market.type === type)!;
const cricketTie = () => marketOf(cricket, 'TIED_MATCH');
const ids = (...events: Created[]) => events.flatMap((event) => event.markets.map((market) => market.id));

describe('GET /api/admin/markets', () => {
  it('lists markets latest start first, with their event, limits and flags', async () => {
    const answer = await page(`q=${token}`);
    const [cricketOdds, cricketTieId] = [marketOf(cricket, 'MATCH_ODDS').id, cricketTie().id];
    // Politics starts last, then cricket, then darts; within an event, by id from the end.
    expect(idsOf(answer.items)).toEqual([
      ...ids(politics),
      ...[cricketOdds, cricketTieId].sort().reverse(),
      ...ids(darts).sort().reverse(),
    ]);
    expect(answer.next).toBeNull();
    const odds = answer.items.find((item) => item.id === cricketOdds)!;
    expect(odds).toMatchObject({
      eventId: cricket.eventId,
      eventName: `Cup ${token}`,
      sport: 'cricket',
      competition: 'Console',
      type: 'MATCH_ODDS',
      name: 'Match Odds',
      status: 'OPEN',
      inPlay: false,
      matched: '0.00',
      marketMaker: false,
      housePriced: false,
      custom: true,
      outcome: null,
    });
    expect(Date.parse(odds.startTime)).toBeGreaterThan(Date.now() + DAY);
  });

  it('filters by sport, status and any case of part of a name, and refuses what it cannot read', async () => {
    expect(idsOf((await page(`sport=darts&q=${token}`)).items).sort()).toEqual(ids(darts).sort());
    expect(idsOf((await page(`q=ELECTION%20${token.toUpperCase()}`)).items)).toEqual(ids(politics));
    // The market's own name is searched too; a % is a character, not a wildcard.
    expect(idsOf((await page(`q=${token}&status=OPEN&limit=200`)).items)).toHaveLength(5);
    expect((await page(`q=${token}%25`)).items).toEqual([]);
    const tied = (await page('q=tied%20match&limit=200')).items;
    expect(tied.map((item) => item.id)).toContain(cricketTie().id);
    expect(tied.every((item) => item.name.toLowerCase().includes('tied match'))).toBe(true);
    expect((await page('sport=football&limit=200')).items.every((item) => item.sport === 'football')).toBe(
      true,
    );

    for (const query of ['status=CLOSING', 'limit=0', 'limit=201', 'cursor=nope', 'sport=Darts', 'extra=1']) {
      const refused = await get(`/api/admin/markets?${query}`);
      expect(refused.statusCode, query).toBe(400);
    }
    const unknownSport = await get('/api/admin/markets?sport=curling');
    expect(unknownSport.statusCode).toBe(400);
    expect(unknownSport.json().code).toBe('UNKNOWN_SPORT');
    expect((await get('/api/admin/markets', {})).statusCode).toBe(401);
  });

  it('pages by cursor through every market once, whatever its filter', async () => {
    const feedMarket = await insertFeedMarket(`Feed ${token}`);
    const mine = await allPages(`q=${token}&limit=2`);
    expect(idsOf(mine)).toEqual(idsOf((await page(`q=${token}`)).items));

    // The feed's markets too: every market in the table, each once, in order.
    const everything = await allPages('limit=7');
    const [{ count }] = (await ctx.deps.db.query<{ count: string | bigint }>(
      'SELECT count(*) FROM markets',
    )) as [{ count: string | bigint }];
    expect(everything).toHaveLength(Number(count));
    expect(new Set(idsOf(everything)).size).toBe(everything.length);
    const keys = everything.map((item) => [Date.parse(item.startTime), item.id] as const);
    for (let i = 1; i < keys.length; i += 1) {
      const [before, after] = [keys[i - 1]!, keys[i]!];
      expect(before[0] > after[0] || (before[0] === after[0] && before[1] > after[1])).toBe(true);
    }
    expect(everything.find((item) => item.id === feedMarket)).toMatchObject({
      custom: false,
      housePriced: true,
    });
  });

  it('shows suspended, voided and settled markets with their outcome and matched volume', async () => {
    const [dartsOdds, dartsWinner] = [marketOf(darts, 'MATCH_ODDS'), marketOf(darts, 'WINNER')];
    const outright = politics.markets[0]!;
    const post = (url: string, payload?: object) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/markets/${url}`, headers: admin, payload });
    expect((await post(`${dartsOdds.id}/suspend`)).statusCode).toBe(200);
    expect((await post(`${outright.id}/void`, { reason: 'Called off' })).statusCode).toBe(200);
    const winner = dartsWinner.runners[1]!;
    expect((await post(`${dartsWinner.id}/settle`, { winnerRunnerId: winner.id })).statusCode).toBe(200);
    await ctx.deps.exchange.idle();
    // Matched stakes of two bets (one partly matched), written as the exchange writes them.
    await ctx.deps.db.query(
      `INSERT INTO bets (id, seq, player_id, market_id, runner_id, side, price_tick, stake_minor, matched_minor,
                         matched_value, cancelled_minor, status, persistence, client_ref, fingerprint, placed_at,
                         updated_at)
       VALUES ($2, 1, $3, $1, $4, 'BACK', 100, 5000, 1234, 246800, 0, 'PARTIALLY_MATCHED', 'PERSIST', $2, 'f', now(), now()),
              ($5, 2, $3, $1, $4, 'LAY', 100, 1000, 1000, 200000, 0, 'MATCHED', 'PERSIST', $5, 'f', now(), now())`,
      [dartsOdds.id, randomUUID(), randomUUID(), dartsOdds.runners[0]!.id, randomUUID()],
    );

    const suspended = (await page(`q=${token}&status=SUSPENDED`)).items;
    expect(suspended).toEqual([
      expect.objectContaining({ id: dartsOdds.id, status: 'SUSPENDED', matched: '22.34' }),
    ]);
    const voided = (await page(`q=${token}&status=VOID`)).items;
    expect(voided).toEqual([
      expect.objectContaining({
        id: outright.id,
        outcome: expect.objectContaining({ kind: 'VOID', winner: null }),
      }),
    ]);
    const settled = (await page(`q=${token}&status=SETTLED`)).items;
    expect(settled).toEqual([
      expect.objectContaining({
        id: dartsWinner.id,
        outcome: expect.objectContaining({ kind: 'WINNER', winnerRunnerId: winner.id, winner: 'Two' }),
      }),
    ]);
    const open = idsOf((await page(`q=${token}&status=OPEN&sport=cricket`)).items);
    expect(open.sort()).toEqual(ids(cricket).sort());

    const detail = await get(`/api/admin/markets/${encodeURIComponent(dartsWinner.id)}`);
    expect(detail.statusCode).toBe(200);
    const market = detail.json<AdminMarketDetail>();
    expect(market).toMatchObject({
      id: dartsWinner.id,
      status: 'SETTLED',
      event: {
        id: darts.eventId,
        name: `Darts ${token}`,
        sport: 'darts',
        status: 'SCHEDULED',
        inPlay: false,
      },
      runners: [
        { id: dartsWinner.runners[0]!.id, name: 'One', status: 'LOSER' },
        { id: winner.id, name: 'Two', status: 'WINNER' },
      ],
      line: null,
    });
    expect(market.settledAt).not.toBeNull();
  });
});

describe('GET /api/admin/markets/:id', () => {
  it('answers one market with its event, runners and limits; 404 for none, 400 for no id', async () => {
    const market = cricketTie();
    const response = await get(`/api/admin/markets/${encodeURIComponent(market.id)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: market.id,
      eventId: cricket.eventId,
      type: 'TIED_MATCH',
      status: 'OPEN',
      matched: '0.00',
      outcome: null,
      settledAt: null,
      event: { id: cricket.eventId, competition: 'Console', sport: 'cricket' },
      runners: market.runners.map((runner) => ({ id: runner.id, name: runner.name, status: 'ACTIVE' })),
    });
    const listed = (await page(`q=${token}`)).items.find((item) => item.id === market.id);
    expect(response.json()).toMatchObject(listed!);

    const unknown = await get('/api/admin/markets/nope.match-odds');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('UNKNOWN_MARKET');
    expect((await get('/api/admin/markets/Not%20An%20Id')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/markets/:id/suspend and /resume', () => {
  it('answers 404 UNKNOWN_MARKET for an unknown market and 409 MARKET_CLOSED for a closed one', async () => {
    const post = (url: string, payload?: object) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/markets/${url}`, headers: admin, payload });
    for (const action of ['suspend', 'resume']) {
      const unknown = await post(`nope.match-odds/${action}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ code: 'UNKNOWN_MARKET', message: 'There is no such market.' });
    }
    const [closed] = (await createEvent('darts', `Closed ${token}`, 4, ['WINNER'])).markets;
    expect((await post(`${closed!.id}/void`, { reason: 'Called off' })).statusCode).toBe(200);
    for (const action of ['suspend', 'resume']) {
      const refused = await post(`${closed!.id}/${action}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'MARKET_CLOSED' });
    }
  });
});
