import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDeskClient } from '../../test/cash-desk-client.ts';
import { createOperatorMarket, type OperatorMarket } from '../../test/operator-market.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { readDashboardHistory } from './dashboard-history.ts';

/** The dashboard's bets and turnover per minute over the last hours. */

type Headers = Record<string, string>;
let t: TestContext;
let admin: Headers;
let market: OperatorMarket;

beforeAll(async () => {
  t = await startTestApp();
  admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
  market = await createOperatorMarket(t, admin);
});
afterAll(async () => {
  await t.close();
});

async function newPlayer(): Promise<Headers> {
  const email = `history-${randomUUID().slice(0, 8)}@test.local`;
  const desk = cashDeskClient(t, admin);
  await desk.deposit(await desk.createPlayer(email), { amount: '1000', remark: 'test' });
  return bearer(await loginAs(t.app, email, 'secret1'));
}

async function bet(player: Headers, side: 'BACK' | 'LAY', price: number): Promise<string> {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/bets',
    headers: player,
    payload: {
      marketId: market.id,
      runnerId: market.runners[0]!.id,
      side,
      price,
      stake: '100',
      persistence: 'PERSIST',
      clientRef: randomUUID(),
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<{ bet: { id: string } }>().bet.id;
}

describe('dashboard history', () => {
  it('counts every bet placed per minute and the matched stakes as turnover', async () => {
    const [alice, bob] = [await newPlayer(), await newPlayer()];
    const backed = await bet(alice, 'BACK', 2);
    await bet(bob, 'LAY', 2);
    await bet(bob, 'LAY', 1.5); // unmatched: a bet placed, no turnover
    // The backed bet goes 90 minutes back, into an earlier bucket.
    await t.deps.db.query(`UPDATE bets SET placed_at = placed_at - interval '90 minutes' WHERE id = $1`, [
      backed,
    ]);
    // A minute on, so the minute of the bets is a whole one.
    const history = await readDashboardHistory(t.deps.db, 2, Date.now() + 60_000);
    expect(history.bucketSeconds).toBe(60);
    expect(history.points).toHaveLength(120);
    expect(Date.parse(history.points[1]!.at) - Date.parse(history.points[0]!.at)).toBe(60_000);
    const busy = history.points.filter((point) => point.bets > 0);
    const [earlier, ...recent] = busy;
    expect(earlier).toMatchObject({ bets: 1, turnover: '100.00' });
    // The two recent bets may fall either side of a minute's turn.
    expect(recent.reduce((sum, point) => sum + point.bets, 0)).toBe(2);
    expect(recent.map((point) => point.turnover).sort()).toEqual(
      recent.length === 1 ? ['100.00'] : ['0.00', '100.00'],
    );
    expect(Date.parse(recent[0]!.at) - Date.parse(earlier!.at)).toBeGreaterThanOrEqual(89 * 60_000);
  });

  it('answers staff for whole minutes of the period and refuses a bad period', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/history',
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ from: string; points: { at: string }[] }>();
    expect(body.points).toHaveLength(360);
    expect(body.points[0]!.at).toBe(body.from);
    expect(Date.parse(body.from) % 60_000).toBe(0);
    for (const hours of ['0', '25', 'six']) {
      const bad = await t.app.inject({
        method: 'GET',
        url: `/api/admin/dashboard/history?hours=${hours}`,
        headers: admin,
      });
      expect(bad.statusCode, hours).toBe(400);
    }
  });
});
