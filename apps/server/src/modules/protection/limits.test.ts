import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cashDeskClient, type CashDeskClient } from '../../test/cash-desk-client.ts';
import { createOperatorMarket, type OperatorMarket } from '../../test/operator-market.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { refreshAllLossFloors } from './loss-floor.ts';
import { endLimitedSessions } from './session-limit.ts';

/** Deposit, loss and session limits through the API (docs/decisions/0235), on a clock the test moves. */

type Headers = Record<string, string>;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const clock = { nowMs: Date.now() };
let ctx: TestContext;
let desk: CashDeskClient;
let market: OperatorMarket;
let admin: Headers;

beforeAll(async () => {
  ctx = await startTestApp({}, { nowMs: () => clock.nowMs });
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  desk = cashDeskClient(ctx, admin);
  market = await createOperatorMarket(ctx, admin);
  // Small stakes, so that limits are met to the minor unit.
  const patched = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/markets/${encodeURIComponent(market.id)}`,
    headers: admin,
    payload: { minStake: '0.01' },
  });
  expect(patched.statusCode).toBe(200);
});
afterAll(() => ctx.close());
// Each test starts at the real time: the ledger dates its transfers by the database's clock.
beforeEach(() => {
  clock.nowMs = Date.now();
});

async function player(deposit = '1000.00') {
  const email = `limits-${randomUUID().slice(0, 8)}@test.local`;
  const id = await desk.createPlayer(email);
  if (deposit !== '0')
    expect((await desk.deposit(id, { amount: deposit, remark: 'test' })).statusCode).toBe(200);
  return { id, email, headers: bearer(await loginAs(ctx.app, email, 'secret1')) };
}

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const setLimit = (headers: Headers, kind: string, period: string, amount: string | null) =>
  call('PUT', `/api/me/limits/${kind}/${period}`, headers, { amount });
const limits = async (headers: Headers) => (await call('GET', '/api/me/limits', headers)).json();

/** A back bet on the operator's market at 3.00: its stake is its worst case. */
const back = (headers: Headers, stake: string) =>
  call('POST', '/api/bets', headers, {
    marketId: market.id,
    runnerId: market.runners[0]!.id,
    side: 'BACK',
    price: 3,
    stake,
    persistence: 'PERSIST',
    clientRef: randomUUID(),
  });

describe('setting limits', () => {
  it('refuses bad input with 400 and changes nothing', async () => {
    const ana = await player();
    const bad: [string, object][] = [
      ['/api/me/limits/bets/day', { amount: '10' }],
      ['/api/me/limits/loss/year', { amount: '10' }],
      ['/api/me/limits/loss/day', { amount: '-5' }],
      ['/api/me/limits/loss/day', { amount: '0' }],
      ['/api/me/limits/loss/day', { amount: '1.234' }],
      ['/api/me/limits/loss/day', { amount: '99999999999' }],
      ['/api/me/limits/loss/day', { amount: '1\u0000' }],
      ['/api/me/limits/loss/day', { amount: 10 }],
      ['/api/me/limits/loss/day', { amount: '10', extra: true }],
    ];
    for (const [url, payload] of bad) {
      const response = await call('PUT', url, ana.headers, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json()).toHaveProperty('code');
    }
    for (const minutes of [0, -1, 1441, 1.5, '30'])
      expect((await call('PUT', '/api/me/session-limit', ana.headers, { minutes })).statusCode).toBe(400);
    expect(await limits(ana.headers)).toEqual({
      limits: [],
      sessionMinutes: null,
      sessionPending: null,
      realityCheckMinutes: 60,
    });
  });

  it('applies a new or lower limit at once, and a higher one or a removal only when confirmed a day later', async () => {
    const ana = await player();
    const set = await setLimit(ana.headers, 'loss', 'week', '200');
    expect(set.statusCode).toBe(200);
    expect(set.json().limit).toMatchObject({ kind: 'loss', period: 'week', amount: '200.00', pending: null });
    expect((await setLimit(ana.headers, 'loss', 'week', '150.50')).json().limit.amount).toBe('150.50');

    const raised = (await setLimit(ana.headers, 'loss', 'week', '300')).json().limit;
    expect(raised.amount).toBe('150.50');
    expect(raised.pending.amount).toBe('300.00');
    expect(Date.parse(raised.pending.confirmableAt)).toBe(clock.nowMs + DAY_MS - (clock.nowMs % 1));
    const early = await call('POST', '/api/me/limits/loss/week/confirm', ana.headers);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('NOT_YET_CONFIRMABLE');

    clock.nowMs += DAY_MS;
    const confirmed = await call('POST', '/api/me/limits/loss/week/confirm', ana.headers);
    expect(confirmed.json().limit).toMatchObject({ amount: '300.00', pending: null });

    const removal = (await setLimit(ana.headers, 'loss', 'week', null)).json().limit;
    expect(removal).toMatchObject({ amount: '300.00', pending: { amount: null } });
    const cancelled = await call('DELETE', '/api/me/limits/loss/week/pending', ana.headers);
    expect(cancelled.json().limit).toMatchObject({ amount: '300.00', pending: null });
    expect((await call('POST', '/api/me/limits/loss/week/confirm', ana.headers)).statusCode).toBe(409);

    await setLimit(ana.headers, 'loss', 'week', null);
    clock.nowMs += DAY_MS;
    const removed = await call('POST', '/api/me/limits/loss/week/confirm', ana.headers);
    expect(removed.json().limit).toMatchObject({ amount: null, pending: null });
    expect((await limits(ana.headers)).limits).toEqual([]);

    const history = (await call('GET', '/api/me/protection-history', ana.headers)).json().items;
    expect(history.map((item: { action: string }) => item.action)).toEqual([
      'confirm limit loss week',
      'limit loss week',
      'cancel limit change loss week',
      'limit loss week',
      'confirm limit loss week',
      'limit loss week',
      'limit loss week',
      'limit loss week',
    ]);
  });
});

describe('a loss limit', () => {
  it('accepts a stake that reaches it exactly and refuses one minor unit more, in the exchange', async () => {
    const ana = await player();
    await setLimit(ana.headers, 'loss', 'day', '150');
    expect((await back(ana.headers, '100')).statusCode).toBe(201);
    const over = await back(ana.headers, '50.01');
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'LOSS_LIMIT_REACHED' });
    expect(over.json().message).toContain('50.00');
    expect((await back(ana.headers, '50')).statusCode).toBe(201);
    const view = (await limits(ana.headers)).limits[0];
    expect(view).toMatchObject({ kind: 'loss', period: 'day', amount: '150.00', used: '150.00' });
  });

  it('binds with the strictest of its periods, applies a decrease to the very next stake, and resets with the day', async () => {
    const ana = await player();
    await setLimit(ana.headers, 'loss', 'month', '500');
    await setLimit(ana.headers, 'loss', 'day', '300');
    expect((await back(ana.headers, '250')).statusCode).toBe(201);
    await setLimit(ana.headers, 'loss', 'day', '260');
    expect((await back(ana.headers, '20')).json().code).toBe('LOSS_LIMIT_REACHED');
    expect((await back(ana.headers, '10')).statusCode).toBe(201);

    // The next day: the day's limit starts again, the month's still counts 260.00.
    clock.nowMs += DAY_MS;
    await refreshAllLossFloors(ctx.deps, clock.nowMs, 'UTC');
    expect((await back(ana.headers, '240')).statusCode).toBe(201);
    expect((await back(ana.headers, '0.01')).json().code).toBe('LOSS_LIMIT_REACHED');
  });

  it('is held by the ledger: a stake past the floor is refused by every write, whatever the gate knew', async () => {
    const ana = await player();
    await setLimit(ana.headers, 'loss', 'day', '100');
    const [row] = await ctx.deps.db.query<{ loss_floor_minor: string }>(
      'SELECT loss_floor_minor FROM accounts WHERE account_id = $1',
      [`cash:${ana.id}`],
    );
    expect(String(row?.loss_floor_minor)).toBe('90000');
    const refused = await ctx.deps.wallet.execute({
      op: 'transfer',
      idempotencyKey: `stake-${randomUUID()}`,
      debitAccountId: `cash:${ana.id}`,
      creditAccountId: 'house',
      amountMinor: 10_001n,
      kind: 'CASINO_BET',
      remark: 'over',
      reference: 'test',
    });
    expect(refused.result).toMatchObject({ ok: false, code: 'LOSS_LIMIT_REACHED' });
    // Deposits and withdrawals move the floor with the cash: the room stays 100.00.
    expect((await desk.deposit(ana.id, { amount: '50', remark: 'more' })).statusCode).toBe(200);
    expect((await desk.withdraw(ana.id, { amount: '500', remark: 'out' })).statusCode).toBe(200);
    expect((await back(ana.headers, '100.01')).json().code).toBe('LOSS_LIMIT_REACHED');
    expect((await back(ana.headers, '100')).statusCode).toBe(201);
  });
});

describe('a deposit limit', () => {
  it('refuses a deposit past it with DEPOSIT_LIMIT_REACHED and moves nothing', async () => {
    const ana = await player('0');
    await setLimit(ana.headers, 'deposit', 'day', '500');
    expect((await desk.deposit(ana.id, { amount: '300', remark: 'a' })).statusCode).toBe(200);
    const over = await desk.deposit(ana.id, { amount: '200.01', remark: 'b' });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'DEPOSIT_LIMIT_REACHED' });
    expect(over.json().message).toContain('200.00');
    const balance = (await call('GET', '/api/me/balance', ana.headers)).json();
    expect(balance.balance).toBe('300.00');
    expect((await desk.deposit(ana.id, { amount: '200', remark: 'c' })).statusCode).toBe(200);
    expect((await limits(ana.headers)).limits[0]).toMatchObject({ kind: 'deposit', used: '500.00' });
  });
});

describe('a session limit', () => {
  it('ends the session at the limit and refuses sign-in until the day ends', async () => {
    const ana = await player();
    expect((await call('PUT', '/api/me/session-limit', ana.headers, { minutes: 30 })).json()).toEqual({
      sessionMinutes: 30,
      sessionPending: null,
    });
    expect(await endLimitedSessions(ctx.deps)).not.toContain(ana.id);
    clock.nowMs += 31 * 60_000;
    expect(await endLimitedSessions({ ...ctx.deps, nowMs: () => clock.nowMs })).toContain(ana.id);
    expect((await call('GET', '/api/me/limits', ana.headers)).statusCode).toBe(401);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/loginUser',
      payload: { email: ana.email, password: 'secret1' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe('SESSION_LIMIT_REACHED');
    await ctx.deps.db.query(
      "UPDATE player_protection SET session_limit_until = now() - interval '1 second' WHERE player_id = $1",
      [ana.id],
    );
    expect(await loginAs(ctx.app, ana.email, 'secret1')).toBeTruthy();
  });

  it('waits a day for an increase, like money limits', async () => {
    const ana = await player();
    await call('PUT', '/api/me/session-limit', ana.headers, { minutes: 60 });
    const raised = (await call('PUT', '/api/me/session-limit', ana.headers, { minutes: 120 })).json();
    expect(raised.sessionMinutes).toBe(60);
    expect(raised.sessionPending.minutes).toBe(120);
    expect((await call('POST', '/api/me/session-limit/confirm', ana.headers)).json().code).toBe(
      'NOT_YET_CONFIRMABLE',
    );
    clock.nowMs += DAY_MS;
    const confirmed = (await call('POST', '/api/me/session-limit/confirm', ana.headers)).json();
    expect(confirmed).toEqual({ sessionMinutes: 120, sessionPending: null });
  });
});
