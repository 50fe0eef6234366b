import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { inRequestOrder } from './admin-events.ts';

/** An operator's own event answers its markets in the order the request listed them. */

let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(() => ctx.close());

describe('inRequestOrder', () => {
  it('puts markets in the order of the ids given, whatever order they were read in', () => {
    const read = [{ id: 'c' }, { id: 'a' }, { id: 'b' }];
    expect(inRequestOrder(read, ['b', 'c', 'a']).map((market) => market.id)).toEqual(['b', 'c', 'a']);
    expect(read.map((market) => market.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('POST /api/admin/events', () => {
  it('answers the markets in the order the request listed them', async () => {
    // The ids sort otherwise (match-odds, outright, tied-match, winner), so a read in id order fails.
    const types = ['WINNER', 'TIED_MATCH', 'MATCH_ODDS', 'OUTRIGHT', 'WINNER'];
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/events',
      headers: admin,
      payload: {
        sport: 'politics',
        competition: 'Console',
        name: 'Order of markets',
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
        markets: types.map((type, index) => ({ type, runners: [`A${index}`, `B${index}`] })),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const markets = response.json<{ markets: { id: string; type: string; runners: { name: string }[] }[] }>()
      .markets;
    expect(markets.map((market) => market.type)).toEqual(types);
    expect(markets.map((market) => market.id.split('-').pop())).toEqual(['1', '2', '3', '4', '5']);
    expect(markets.map((market) => market.runners.map((runner) => runner.name))).toEqual(
      types.map((_, index) => [`A${index}`, `B${index}`]),
    );
  });
});
