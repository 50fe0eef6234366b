import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';

/** A trader's market actions, each audited in the transaction of the change (docs/decisions/0236). */

type Headers = Record<string, string>;
let ctx: TestContext;
let owner: Headers;
let trader: Headers;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  const email = `trader-${randomUUID().slice(0, 8)}@staff.local`;
  const payload = { email, password: 'staff-password', name: 'Trader', role: 'trader' };
  expect(
    (await ctx.app.inject({ method: 'POST', url: '/api/admin/staff', headers: owner, payload })).statusCode,
  ).toBe(201);
  trader = bearer(await loginAs(ctx.app, email, 'staff-password'));
});
afterAll(() => ctx.close());

const post = (url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: trader, ...(payload ? { payload } : {}) });

async function latest(action: string) {
  const page = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/audit?action=${encodeURIComponent(action)}&limit=1`,
    headers: owner,
  });
  return page.json().items[0];
}

describe('market actions in the audit log', () => {
  it('records the event, a suspension, and a void with its required reason', async () => {
    const created = await post('/api/admin/events', {
      sport: 'cricket',
      competition: 'Audit Cup',
      name: 'Audit XI v Ledger XI',
      startTime: new Date(Date.now() + 86_400_000).toISOString(),
      markets: [{ type: 'MATCH_ODDS', runners: ['Audit XI', 'Ledger XI'] }],
    });
    expect(created.statusCode).toBe(201);
    const marketId: string = created.json().markets[0].id;
    expect(await latest('event create')).toMatchObject({
      actor: { role: 'trader' },
      target: `event:${created.json().eventId}`,
      after: { name: 'Audit XI v Ledger XI', markets: [marketId] },
    });

    const market = `/api/admin/markets/${encodeURIComponent(marketId)}`;
    expect((await post(`${market}/suspend`)).statusCode).toBe(200);
    expect(await latest('market suspend')).toMatchObject({
      target: `market:${marketId}`,
      before: { status: 'OPEN' },
      after: { status: 'SUSPENDED' },
    });

    for (const payload of [undefined, {}, { reason: '' }, { reason: 'x'.repeat(501) }])
      expect((await post(`${market}/void`, payload)).statusCode).toBe(400);
    expect((await latest('market void')) ?? null).toBeNull();
    const voided = await post(`${market}/void`, { reason: 'Rain: no play possible.' });
    expect(voided.statusCode).toBe(200);
    expect(await latest('market void')).toMatchObject({
      before: { status: 'SUSPENDED' },
      after: { kind: 'VOID' },
      reason: 'Rain: no play possible.',
    });

    const voidId = (await latest('market void')).id;
    const detail = await ctx.app.inject({ method: 'GET', url: market, headers: trader });
    const winnerRunnerId: string = detail.json().runners[0].id;
    const again = await post(`${market}/settle`, { winnerRunnerId, reason: 'Second thoughts.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'MARKET_ALREADY_DECIDED' });
    expect((await post(`${market}/void`, { reason: 'Twice.' })).json()).toMatchObject({
      code: 'MARKET_ALREADY_DECIDED',
    });
    expect((await latest('market void')).id).toBe(voidId);
    expect((await latest('market settle')) ?? null).toBeNull();
  });
});
