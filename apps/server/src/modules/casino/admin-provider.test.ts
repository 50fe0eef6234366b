import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { AdmissionGate } from '../admission/index.ts';
import { standingReads } from '../protection/index.ts';
import { CasinoProviderSwitch } from './admin-provider.ts';
import { demoPlayer, fakeAggregator, launchToken, newId, walletCall } from './casino-test-kit.ts';
import { CasinoWallet } from './wallet-service.ts';

/** The casino provider switch (docs/decisions/0245): launches and bets off, started rounds still settle. */

const AVIATOR = 22001;
const HOME = 'http://portal.test/#/home';
const aggregator = fakeAggregator();
let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await startTestApp({}, { casinoAggregator: aggregator });
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(() => ctx.close());

async function staff(role: 'trader' | 'support' | 'viewer'): Promise<Record<string, string>> {
  const email = `${role}-${randomUUID().slice(0, 6)}@staff.local`;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/staff',
    headers: admin,
    payload: { email, password: 'staff-password', name: role, role },
  });
  expect(created.statusCode).toBe(201);
  return bearer(await loginAs(ctx.app, email, 'staff-password'));
}

const provider = (headers = admin) =>
  ctx.app.inject({ method: 'GET', url: '/api/admin/casino/provider', headers });
const switchTo = (payload: unknown, headers = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/casino/provider', headers, payload: payload as object });

async function auditRows(): Promise<
  { action: string; reason: string | null; before: unknown; after: unknown }[]
> {
  return ctx.deps.db.query(
    `SELECT action, reason, before, after FROM audit_log WHERE target = 'casino:provider' ORDER BY id`,
  );
}

const bet = (token: string, transactionId = newId('bet'), amount = '4.00') =>
  walletCall(ctx, 'bet', {
    token,
    transactionId,
    roundId: `round-${transactionId}`,
    gameId: AVIATOR,
    amount,
  });
const settle = (kind: 'win' | 'rollback', token: string, betId: string, amount: string) =>
  walletCall(ctx, kind, {
    token,
    transactionId: newId(kind),
    roundId: `round-${betId}`,
    gameId: AVIATOR,
    amount,
    referenceTransactionId: betId,
  });

describe('the casino provider switch', () => {
  it('turned off refuses launches and bets, honours wins and rollbacks of started rounds, and is audited', async () => {
    const viewer = await staff('viewer');
    expect((await provider(viewer)).json()).toEqual({ enabled: true, changedAt: null, changedBy: null });
    const { user, bearer: playerHeaders } = await demoPlayer(ctx);
    const token = await launchToken(ctx, user.id);
    const toWin = newId('bet');
    const toRollBack = newId('bet');
    const placed = await bet(token, toWin);
    expect(placed.status).toBe('RS_OK');
    expect((await bet(token, toRollBack)).status).toBe('RS_OK');

    const trader = await staff('trader');
    const off = await switchTo({ enabled: false, reason: 'provider outage' }, trader);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, changedBy: expect.stringMatching(/^trader-/) });
    expect(Date.parse(off.json().changedAt)).not.toBeNaN();
    expect(await auditRows()).toEqual([
      {
        action: 'casino provider disable',
        reason: 'provider outage',
        before: { enabled: true },
        after: { enabled: false },
      },
    ]);

    const launchesBefore = aggregator.requests.length;
    const launch = await ctx.app.inject({
      method: 'POST',
      url: '/casino/get-game-url',
      headers: playerHeaders,
      payload: { gameId: AVIATOR, unique_code: user.unique_code, home_url: HOME },
    });
    expect(launch.statusCode).toBe(409);
    expect(launch.json()).toMatchObject({
      code: 'PROVIDER_DISABLED',
      message: 'Casino games are unavailable right now.',
    });
    expect(aggregator.requests.length).toBe(launchesBefore);

    const refused = newId('bet');
    expect(await bet(token, refused)).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', balance: '1492.00' });
    const [recorded] = await ctx.deps.db.query(
      'SELECT 1 FROM casino_transactions WHERE transaction_id = $1',
      [refused],
    );
    expect(recorded).toBeUndefined();
    // A bet accepted before the switch answers the same when retried after it.
    expect(await walletCall(ctx, 'bet', retryOf(placed, token, toWin))).toMatchObject({ status: 'RS_OK' });

    expect(await settle('win', token, toWin, '10.00')).toMatchObject({ status: 'RS_OK', balance: '1502.00' });
    expect(await settle('rollback', token, toRollBack, '4.00')).toMatchObject({
      status: 'RS_OK',
      balance: '1506.00',
    });

    const on = await switchTo({ enabled: true }, trader);
    expect(on.json()).toMatchObject({ enabled: true });
    expect((await auditRows()).map((row) => [row.action, row.reason])).toEqual([
      ['casino provider disable', 'provider outage'],
      ['casino provider enable', null],
    ]);
    expect(await bet(token)).toMatchObject({ status: 'RS_OK', balance: '1502.00' });
    const relaunch = await ctx.app.inject({
      method: 'POST',
      url: '/casino/get-game-url',
      headers: playerHeaders,
      payload: { gameId: AVIATOR, unique_code: user.unique_code, home_url: HOME },
    });
    expect(relaunch.statusCode).toBe(200);
  });

  it('reaches the other instances over the bus', async () => {
    const other = new CasinoWallet({
      ...ctx.deps,
      admission: new AdmissionGate(ctx.deps.db, standingReads, ctx.deps.bus),
    });
    expect(await other.provider.enabled()).toBe(true);
    expect((await switchTo({ enabled: false })).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await other.provider.enabled()).toBe(false));
    expect((await switchTo({ enabled: true })).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await other.provider.enabled()).toBe(true));
  });

  it('is read once and held until it moves: no database round trip per callback', async () => {
    let reads = 0;
    const counting: Database = Object.create(ctx.deps.db);
    counting.query = (text, params) => {
      reads += 1;
      return ctx.deps.db.query(text, params);
    };
    const held = new CasinoProviderSwitch(counting);
    for (let i = 0; i < 5; i += 1) expect(await held.enabled()).toBe(true);
    expect(reads).toBe(1);
    held.forget();
    await held.enabled();
    expect(reads).toBe(2);
  });

  it('switching to where it stands writes nothing', async () => {
    const before = await auditRows();
    const same = await switchTo({ enabled: true, reason: 'already on' });
    expect(same.statusCode).toBe(200);
    expect(await auditRows()).toEqual(before);
  });

  it.each([
    [{}],
    [{ enabled: 'no' }],
    [{ enabled: false, reason: '' }],
    [{ enabled: false, colour: 'red' }],
    [{ enabled: false, reason: 'x'.repeat(501) }],
  ])('bad input %j: 400, nothing changed or audited', async (payload) => {
    const before = await auditRows();
    expect((await switchTo(payload)).statusCode).toBe(400);
    expect((await provider()).json()).toMatchObject({ enabled: true });
    expect(await auditRows()).toEqual(before);
  });

  it('is moved by traders and the owner only', async () => {
    const before = await auditRows();
    for (const role of ['support', 'viewer'] as const) {
      expect((await switchTo({ enabled: false }, await staff(role))).statusCode).toBe(403);
    }
    expect((await provider()).json()).toMatchObject({ enabled: true });
    expect(await auditRows()).toEqual(before);
  });
});

/** The very bet again, as an aggregator retries it. */
function retryOf(answer: { status: string }, token: string, transactionId: string) {
  expect(answer.status).toBe('RS_OK');
  return { token, transactionId, roundId: `round-${transactionId}`, gameId: AVIATOR, amount: '4.00' };
}
