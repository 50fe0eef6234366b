import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDeskClient, type CashDeskClient } from '../../test/cash-desk-client.ts';
import { createOperatorMarket, type OperatorMarket } from '../../test/operator-market.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { announceStandingChange } from '../admission/index.ts';

/** Breaks from play through the API (docs/decisions/0232): time-out, self-exclusion, reopening. */

type Headers = Record<string, string>;
const DAY_MS = 86_400_000;

let ctx: TestContext;
let desk: CashDeskClient;
let market: OperatorMarket;
let admin: Headers;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  desk = cashDeskClient(ctx, admin);
  market = await createOperatorMarket(ctx, admin);
});
afterAll(() => ctx.close());

async function player(): Promise<{ id: string; email: string; headers: Headers }> {
  const email = `rg-${randomUUID().slice(0, 8)}@test.local`;
  const id = await desk.createPlayer(email);
  await desk.deposit(id, { amount: '1000.00', remark: 'test' });
  return { id, email, headers: bearer(await loginAs(ctx.app, email, 'secret1')) };
}

const post = (url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

/** An exchange bet over HTTP: back at `odds` (lay when `side` says), 100.00. */
const bet = (headers: Headers, odds: string, side: 'BACK' | 'LAY' = 'BACK', on = market) =>
  post('/api/bets', headers, {
    marketId: on.id,
    runnerId: on.runners[0]!.id,
    side,
    price: Number(odds),
    stake: '100',
    persistence: 'PERSIST',
    clientRef: randomUUID(),
  });

async function history(headers: Headers) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/me/protection-history', headers });
  return response.json<{ items: { action: string; before: object | null; after: object | null }[] }>().items;
}

/** What the database says now, as if time had passed: the row changed, and every gate told so. */
async function rewrite(playerId: string, assignments: string): Promise<void> {
  await ctx.deps.db.query(`UPDATE player_protection SET ${assignments} WHERE player_id = $1`, [playerId]);
  await announceStandingChange(ctx.deps.bus, playerId);
}

describe('time-out', () => {
  it('refuses bad input with 400 and changes nothing', async () => {
    const ana = await player();
    for (const days of [0, 43, 1.5, '7', null]) {
      const response = await post('/api/me/time-out', ana.headers, { days });
      expect(response.statusCode, String(days)).toBe(400);
    }
    expect((await post('/api/me/time-out', ana.headers, { days: 1, extra: 1 })).statusCode).toBe(400);
    expect(await history(ana.headers)).toEqual([]);
    expect((await bet(ana.headers, '3.00')).statusCode).toBe(201);
  });

  it('starts at once, refuses every stake with its end, and a shorter one keeps the longer end', async () => {
    const ana = await player();
    const before = Date.now();
    const taken = await post('/api/me/time-out', ana.headers, { days: 7 });
    expect(taken.statusCode).toBe(200);
    const until = Date.parse(taken.json<{ until: string }>().until);
    expect(until - before).toBeGreaterThanOrEqual(7 * DAY_MS - 1_000);
    expect(until - before).toBeLessThanOrEqual(7 * DAY_MS + 5_000);

    const refused = await bet(ana.headers, '3.00');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_TIMED_OUT' });
    expect(refused.json().message).toContain(new Date(until).toISOString().slice(0, 16).replace('T', ' '));

    const shorter = await post('/api/me/time-out', ana.headers, { days: 1 });
    expect(Date.parse(shorter.json<{ until: string }>().until)).toBe(until);
    expect((await history(ana.headers)).map((item) => item.action)).toEqual(['time-out', 'time-out']);
  });

  it('refuses a casino game launch too, before the aggregator is asked', async () => {
    const ana = await player();
    await post('/api/me/time-out', ana.headers, { days: 3 });
    const [user] = await ctx.deps.db.query<{ unique_code: string }>(
      'SELECT unique_code FROM users WHERE id = $1',
      [ana.id],
    );
    const launch = await post('/casino/get-game-url', ana.headers, {
      gameId: 22001,
      unique_code: user!.unique_code,
      home_url: 'http://localhost/',
    });
    expect([launch.statusCode, launch.json().code]).toEqual([403, 'ACCOUNT_TIMED_OUT']);
    const [sessions] = await ctx.deps.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM casino_sessions WHERE player_id = $1',
      [ana.id],
    );
    expect(sessions?.n).toBe(0);
  });

  it('takes stakes again once it is over', async () => {
    const ana = await player();
    await post('/api/me/time-out', ana.headers, { days: 1 });
    expect((await bet(ana.headers, '3.00')).statusCode).toBe(403);
    await rewrite(ana.id, `timed_out_until = now() - interval '1 second'`);
    expect((await bet(ana.headers, '3.00')).statusCode).toBe(201);
  });
});

describe('self-exclusion', () => {
  it('needs the password and changes nothing without it', async () => {
    const ana = await player();
    const wrong = await post('/api/me/self-exclusion', ana.headers, { period: '6m', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    expect(
      (await post('/api/me/self-exclusion', ana.headers, { period: '2y', password: 'secret1' })).statusCode,
    ).toBe(400);
    expect(await history(ana.headers)).toEqual([]);
    expect((await bet(ana.headers, '3.00')).statusCode).toBe(201);
  });

  it('signs out, cancels the unmatched part of bets, keeps matched ones, and refuses sign-in until it ends', async () => {
    const [ana, bob] = [await player(), await player()];
    const own = await createOperatorMarket(ctx, admin);
    const resting = await bet(ana.headers, '50.00', 'BACK', own);
    const matched = await bet(ana.headers, '4.00', 'BACK', own);
    expect((await bet(bob.headers, '4.00', 'LAY', own)).statusCode).toBe(201);

    const excluded = await post('/api/me/self-exclusion', ana.headers, { period: '1y', password: 'secret1' });
    expect(excluded.statusCode).toBe(200);
    const until = excluded.json<{ until: string }>().until;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(364 * DAY_MS);

    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me/balance', headers: ana.headers })).statusCode,
    ).toBe(401);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/loginUser',
      payload: { email: ana.email, password: 'secret1' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual({
      code: 'SELF_EXCLUDED',
      message: expect.stringContaining(`${until.slice(0, 16).replace('T', ' ')} UTC`),
    });

    const [rest] = await ctx.deps.db.query<{ status: string }>('SELECT status FROM bets WHERE id = $1', [
      resting.json().bet.id,
    ]);
    const [kept] = await ctx.deps.db.query<{ status: string }>('SELECT status FROM bets WHERE id = $1', [
      matched.json().bet.id,
    ]);
    expect([rest?.status, kept?.status]).toEqual(['CANCELLED', 'MATCHED']);
  });

  it('cannot be ended early, and after it ends takes stakes a day after the player asks', async () => {
    const ana = await player();
    await post('/api/me/self-exclusion', ana.headers, { period: '6m', password: 'secret1' });
    await rewrite(ana.id, `excluded_until = now() - interval '1 minute'`);
    const headers = bearer(await loginAs(ctx.app, ana.email, 'secret1'));
    const stillClosed = await bet(headers, '3.00');
    expect([stillClosed.statusCode, stillClosed.json().code]).toEqual([403, 'SELF_EXCLUDED']);
    expect(stillClosed.json().message).toContain('ask to reopen');

    const asked = await post('/api/me/reopen', headers);
    expect(asked.statusCode).toBe(200);
    expect(Date.parse(asked.json<{ reopensAt: string }>().reopensAt) - Date.now()).toBeGreaterThan(
      DAY_MS - 5_000,
    );
    expect((await bet(headers, '3.00')).json().code).toBe('SELF_EXCLUDED');

    await rewrite(
      ana.id,
      `excluded_until = now() - interval '26 hours', reopen_requested_at = now() - interval '25 hours'`,
    );
    expect((await bet(headers, '3.00')).statusCode).toBe(201);
  });

  it('answers 409 to a reopen request without a self-exclusion', async () => {
    const ana = await player();
    const refused = await post('/api/me/reopen', ana.headers);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'NOT_EXCLUDED']);
    expect(await history(ana.headers)).toEqual([]);
  });
});

describe('protection history', () => {
  it('is append-only: the database refuses to change or remove an entry', async () => {
    const ana = await player();
    await post('/api/me/time-out', ana.headers, { days: 2 });
    await expect(
      ctx.deps.db.query(`UPDATE protection_history SET action = 'x' WHERE player_id = $1`, [ana.id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      ctx.deps.db.query(`DELETE FROM protection_history WHERE player_id = $1`, [ana.id]),
    ).rejects.toThrow(/append-only/);
    const [entry] = await history(ana.headers);
    expect(entry).toMatchObject({ action: 'time-out', before: { timedOutUntil: null } });
  });
});
