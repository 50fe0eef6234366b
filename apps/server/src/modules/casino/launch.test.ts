import { routingKeyOf } from '@backlay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/index.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { demoPlayer, fakeAggregator } from './casino-test-kit.ts';

const aggregator = fakeAggregator();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({}, { casinoAggregator: aggregator });
});
afterAll(() => ctx.close());

const HOME = 'http://portal.test/#/home';
const AVIATOR = 22001;

const getGameUrl = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/casino/get-game-url', payload: payload as object, headers });
const jdbGameLink = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/jdbgamelink', payload: payload as object, headers });

describe('POST /casino/get-game-url', () => {
  it('mints a stored launch token, asks the aggregator and answers its url', async () => {
    const { user, bearer: headers } = await demoPlayer(ctx);
    const response = await getGameUrl(
      { gameId: AVIATOR, unique_code: user.unique_code, home_url: HOME },
      headers,
    );
    expect(response.statusCode).toBe(200);
    const sent = aggregator.requests.at(-1);
    expect(sent).toMatchObject({
      gameId: AVIATOR,
      playerId: user.unique_code,
      playerName: user.name,
      currency: 'PTS',
      homeUrl: HOME,
    });
    expect(sent?.token).toMatch(/^[0-9a-f]{4}\.[\w-]{43}$/);
    // The same slot as the player's session: their wallet callbacks reach the instance their bets do.
    expect(routingKeyOf(sent?.token)).toBe(routingKeyOf(headers.authorization?.replace('Bearer ', '')));
    expect(response.json()).toEqual({
      code: 0,
      msg: 'Success',
      payload: { game_launch_url: `http://casino.test/play/${AVIATOR}?token=${sent?.token}` },
    });
    const [session] = await ctx.deps.db.query<{ player_id: string; game_id: string; ttl_hours: number }>(
      `SELECT player_id::text, game_id, (extract(epoch FROM expires_at - created_at) / 3600)::int AS ttl_hours
         FROM casino_sessions WHERE token_hash = $1`,
      [hashToken(sent?.token ?? '')],
    );
    expect(session).toEqual({ player_id: user.id, game_id: String(AVIATOR), ttl_hours: 4 });
  });

  it('answers 401 without a bearer token and never calls the aggregator', async () => {
    const before = aggregator.requests.length;
    const response = await getGameUrl({ gameId: AVIATOR, unique_code: 'BLANYONE00', home_url: HOME });
    expect(response.statusCode).toBe(401);
    expect(aggregator.requests.length).toBe(before);
  });

  it("answers 403 for another player's unique_code", async () => {
    const me = await demoPlayer(ctx);
    const other = await demoPlayer(ctx);
    const response = await getGameUrl(
      { gameId: AVIATOR, unique_code: other.user.unique_code, home_url: HOME },
      me.bearer,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });

  it('answers 404 for a game the catalogue does not have', async () => {
    const { user, bearer: headers } = await demoPlayer(ctx);
    const response = await getGameUrl(
      { gameId: 'no-such-game', unique_code: user.unique_code, home_url: HOME },
      headers,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('GAME_NOT_FOUND');
  });

  it('answers 502 CASINO_UNAVAILABLE when the aggregator fails', async () => {
    const { user, bearer: headers } = await demoPlayer(ctx);
    aggregator.down = true;
    try {
      const response = await getGameUrl(
        { gameId: AVIATOR, unique_code: user.unique_code, home_url: HOME },
        headers,
      );
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        message: expect.stringContaining('casino'),
        code: 'CASINO_UNAVAILABLE',
      });
    } finally {
      aggregator.down = false;
    }
  });

  it('answers 403 to the operator, who has no cash to play with', async () => {
    const admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: admin });
    const code = me.json().user.unique_code;
    const response = await getGameUrl({ gameId: AVIATOR, unique_code: code, home_url: HOME }, admin);
    expect(response.statusCode).toBe(403);
  });

  it('refuses a home_url that is not a web page', async () => {
    const { user, bearer: headers } = await demoPlayer(ctx);
    const home = 'javascript:alert(1)';
    const response = await getGameUrl(
      { gameId: AVIATOR, unique_code: user.unique_code, home_url: home },
      headers,
    );
    expect(response.statusCode).toBe(400);
  });

  it("sends the shared sports id to the portal's own sports page, not to the aggregator", async () => {
    const { user, bearer: headers } = await demoPlayer(ctx);
    const before = aggregator.requests.length;
    const response = await getGameUrl(
      { gameId: 'sports', unique_code: user.unique_code, home_url: HOME },
      headers,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().payload.game_launch_url).toBe('http://portal.test/#/cricket');
    expect(aggregator.requests.length).toBe(before);
  });
});

describe('POST /api/jdbgamelink', () => {
  it('launches Aviator (gType 22, gameId 22001) and answers {gameLink}', async () => {
    const { bearer: headers } = await demoPlayer(ctx);
    const token = headers.authorization?.slice('Bearer '.length);
    const response = await jdbGameLink({ auth: token, gameId: AVIATOR, gType: 22 }, headers);
    expect(response.statusCode).toBe(200);
    const sent = aggregator.requests.at(-1);
    expect(sent?.gameId).toBe(AVIATOR);
    expect(sent?.homeUrl).toMatch(/^http:\/\/[^/]+\/#\/home$/);
    expect(response.json()).toEqual({ gameLink: `http://casino.test/play/${AVIATOR}?token=${sent?.token}` });
  });

  it('answers 403 when auth is not the session making the call', async () => {
    const me = await demoPlayer(ctx);
    const other = await demoPlayer(ctx);
    const otherToken = other.bearer.authorization?.slice('Bearer '.length);
    const response = await jdbGameLink({ auth: otherToken, gameId: AVIATOR, gType: 22 }, me.bearer);
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 when the game type does not match the JDB code', async () => {
    const { bearer: headers } = await demoPlayer(ctx);
    const token = headers.authorization?.slice('Bearer '.length);
    expect((await jdbGameLink({ auth: token, gameId: AVIATOR, gType: 0 }, headers)).statusCode).toBe(404);
    expect((await jdbGameLink({ auth: token, gameId: 99999, gType: 22 }, headers)).statusCode).toBe(404);
  });

  it('answers 401 without a bearer token', async () => {
    expect((await jdbGameLink({ auth: 'x', gameId: AVIATOR, gType: 22 })).statusCode).toBe(401);
  });
});
