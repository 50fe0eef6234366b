import { defaultStakeButtons } from '@backlay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../seed.ts';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let player: Record<string, string>;
beforeAll(async () => {
  ctx = await startTestApp();
  player = bearer(await loginAs(ctx.app, DEMO_PLAYER.email, DEMO_PLAYER.password));
});
afterAll(() => ctx.close());

const url = '/api/settings/stake-buttons';
const put = (payload: unknown, headers = player) =>
  ctx.app.inject({ method: 'PUT', url, payload: payload as object, headers });

describe('stake buttons', () => {
  it('answers the spec defaults before anything is saved', async () => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: player });
    expect(response.statusCode).toBe(200);
    expect(response.json().game.map((b: { label: string }) => b.label)).toEqual([
      '1k',
      '2k',
      '5k',
      '10k',
      '20k',
      '25k',
      '50k',
      '75k',
      '90k',
      '95k',
    ]);
    expect(response.json().casino.map((b: { value: number }) => b.value)).toEqual([
      1000, 2000, 5000, 10000, 20000, 25000, 50000, 75000, 90000, 95000,
    ]);
  });

  it('saves per player and keeps the values across sign-out', async () => {
    const buttons = defaultStakeButtons();
    buttons.game[0] = { label: '100', value: 100 };
    buttons.casino[9] = { label: 'max', value: 10_000_000 };
    const saved = await put(buttons);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(buttons);
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: player });
    player = bearer(await loginAs(ctx.app, DEMO_PLAYER.email, DEMO_PLAYER.password));
    expect((await ctx.app.inject({ method: 'GET', url, headers: player })).json()).toEqual(buttons);
    const demo = await ctx.app.inject({ method: 'POST', url: '/api/demoLogin' });
    const other = bearer(demo.json().access_token);
    expect((await ctx.app.inject({ method: 'GET', url, headers: other })).json()).toEqual(
      defaultStakeButtons(),
    );
  });

  const withGame = (index: number, button: unknown) => {
    const buttons = defaultStakeButtons() as { game: unknown[]; casino: unknown[] };
    buttons.game[index] = button;
    return buttons;
  };

  it.each([
    ['nine buttons', { ...defaultStakeButtons(), game: defaultStakeButtons().game.slice(1) }, /Exactly 10/],
    ['an empty label', withGame(2, { label: '  ', value: 5 }), /Labels must not be empty/],
    ['a long label', withGame(2, { label: '12345678901', value: 5 }), /at most 10 characters/],
    ['a zero value', withGame(2, { label: 'z', value: 0 }), /greater than zero/],
    ['a fractional value', withGame(2, { label: 'z', value: 1.5 }), /whole numbers/],
    ['a huge value', withGame(2, { label: 'z', value: 10_000_001 }), /must not exceed 10000000/],
    ['a string value', withGame(2, { label: 'z', value: '100' }), /Invalid/],
    ['a missing tab', { game: defaultStakeButtons().game }, /casino/],
  ])('answers 400 for %s and saves nothing', async (_label, payload, message) => {
    const before = (await ctx.app.inject({ method: 'GET', url, headers: player })).json();
    const response = await put(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect((await ctx.app.inject({ method: 'GET', url, headers: player })).json()).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await put(defaultStakeButtons(), {})).statusCode).toBe(401);
  });
});
