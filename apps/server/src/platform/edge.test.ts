import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDeskClient, type CashDeskClient } from '../test/cash-desk-client.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let admin: Record<string, string>;
let player: Record<string, string>;
let playerId: string;
let desk: CashDeskClient;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  desk = cashDeskClient(ctx, admin);
  playerId = await desk.createPlayer('edge@test.local');
  player = bearer(await loginAs(ctx.app, 'edge@test.local', 'secret1'));
});
afterAll(() => ctx.close());

const buttons = (label: string) => {
  const list = Array.from({ length: 10 }, (_, index) => ({
    label: `${index + 1}k`,
    value: (index + 1) * 1000,
  }));
  list[3] = { label, value: 4000 };
  return { game: list, casino: list.map((button) => ({ ...button })) };
};

describe('text at the edge: refused with 400 naming the field, never a 500', () => {
  it.each([
    ['statement search with NUL', 'GET', '/api/reports/statement?search=%00', undefined, 'player', 'search'],
    [
      'statement search with RLO',
      'GET',
      '/api/reports/statement?search=%E2%80%AEx',
      undefined,
      'player',
      'search',
    ],
    ['admin search with NUL', 'GET', '/api/admin/players?search=a%00', undefined, 'admin', 'search'],
    [
      'player name with NUL',
      'POST',
      '/api/admin/players',
      { email: 'n@test.local', password: 'secret1', name: 'A\u0000' },
      'admin',
      'name',
    ],
    [
      'stake label with NUL',
      'PUT',
      '/api/settings/stake-buttons',
      buttons('a\u0000'),
      'player',
      'game.3.label',
    ],
    [
      'stake label with a lone surrogate',
      'PUT',
      '/api/settings/stake-buttons',
      buttons('\ud800'),
      'player',
      'game.3.label',
    ],
  ])('%s', async (_name, method, url, payload, who, field) => {
    const headers = who === 'admin' ? admin : player;
    const response = await ctx.app.inject({
      method: method as 'GET',
      url,
      headers,
      payload: payload as object,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_TEXT',
      message: expect.stringMatching(`^Invalid ${field}: contains`),
    });
  });

  it('refuses NUL in a deposit remark and moves no money', async () => {
    const response = await desk.deposit(playerId, { amount: '5', remark: 'cash\u0000' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'INVALID_TEXT',
      message: 'Invalid remark: contains a control character',
    });
    const players = (await ctx.app.inject({ url: '/api/admin/players?search=edge@', headers: admin })).json();
    expect(players.items[0].balance).toBe('0.00');
  });

  it('keeps multi-line body text', async () => {
    const response = await desk.deposit(playerId, { amount: '1', remark: 'counter 2\r\nshift B' });
    expect(response.statusCode).toBe(200);
  });
});

describe('dates: real calendar days inside the supported years', () => {
  it.each([
    ['from=9999-12-31&to=9999-12-31', /^Invalid to: 9999-12-31 is outside the supported dates/],
    ['to=9999-12-31', /^Invalid to: 9999-12-31 is outside/],
    ['from=1999-12-31&to=2000-01-05', /^Invalid from: 1999-12-31 is outside/],
    ['from=2023-02-30&to=2023-03-01', /^Invalid from: 2023-02-30 is not a calendar date/],
  ])('answers 400 INVALID_DATE for %s', async (query, message) => {
    const response = await ctx.app.inject({ url: `/api/reports/statement?${query}`, headers: player });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_DATE', message: expect.stringMatching(message) });
  });

  it('accepts the edges of the supported years', async () => {
    const first = await ctx.app.inject({
      url: '/api/reports/statement?from=2000-01-01&to=2000-01-31',
      headers: player,
    });
    const last = await ctx.app.inject({
      url: '/api/reports/statement?from=2099-12-01&to=2099-12-31',
      headers: player,
    });
    expect([first.statusCode, last.statusCode]).toEqual([200, 200]);
  });
});

describe('ids: one spelling for every route', () => {
  it('treats an upper-case player id like the lower-case one on every admin route', async () => {
    const upper = playerId.toUpperCase();
    const deposit = await desk.deposit(upper, { amount: '2' });
    expect(deposit.statusCode).toBe(200);
    const status = await desk.post(`/api/admin/players/${upper}/status`, { status: 'active' });
    expect(status.statusCode).toBe(200);
    expect(status.json().player.id).toBe(playerId);
    const withdraw = await desk.withdraw(upper, { amount: '1' });
    expect(withdraw.json()).toMatchObject({ balance: '2.00' });
  });
});
