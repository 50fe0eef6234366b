import { tickOfPriceHundredths } from '@backlay/exchange';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createOperatorMarket, postBet, type OperatorMarket } from '../../test/operator-market.ts';
import { waitFor } from '../../test/pg-outage.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { marketUnitId } from './exchange-service.ts';
import { worstCaseMinor } from './home-admission.ts';

/** Bets judged where the player lives, the market owned elsewhere (docs/decisions/0315). */

describe('an order’s worst case', () => {
  it('is a back’s stake and a lay’s liability', () => {
    const tick = tickOfPriceHundredths(200);
    const tickOf200 = tick.ok ? tick.value : -1;
    expect(worstCaseMinor({ side: 'BACK', priceTick: tickOf200, stakeMinor: 1_000n })).toBe(1_000n);
    expect(worstCaseMinor({ side: 'LAY', priceTick: tickOf200, stakeMinor: 1_000n })).toBe(1_000n);
    expect(worstCaseMinor({ side: 'LAY', priceTick: 0, stakeMinor: 1_000n })).toBe(10n);
  });
});

type Headers = Record<string, string>;

describe.runIf(process.env.DATABASE_URL)('a bet for a market another instance owns', () => {
  let db: Database;
  let a: TestContext;
  let b: TestContext;

  beforeAll(async () => {
    db = await openTestDatabase();
    a = await startTestApp({}, {}, db);
    b = await startTestApp({}, {}, db);
    await Promise.all([a.deps.lifecycle.start(), b.deps.lifecycle.start()]);
  });
  afterAll(async () => {
    for (const one of [a, b]) await one.deps.lifecycle.stop();
    for (const one of [a, b]) await one.close();
    await db.close();
  });

  async function player(admin: Headers, openingCredit: string) {
    const email = `home-${randomUUID().slice(0, 8)}@exchange.local`;
    const payload = { email, password: 'player-password', name: 'Hal', openingCredit };
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/admin/players',
      headers: admin,
      payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    return { id: created.json<{ player: { id: string } }>().player.id, email };
  }

  const bet = (home: TestContext, headers: Headers, market: OperatorMarket, side: string, stake: string) =>
    postBet(home, headers, market, { side, price: 2, stake });

  it('is judged at home: the owner never reads the player, and home learns the cash its batch left', async () => {
    const admin = bearer(await loginAs(a.app, TEST_ADMIN.email, TEST_ADMIN.password));
    const market = await createOperatorMarket(a, admin, { minStake: '1' });
    const unitId = marketUnitId(market.id);
    // Whichever instance the market hashes to owns it once used; the player lives on the other.
    const first = await player(admin, '10');
    const firstHeaders = bearer(await loginAs(a.app, first.email, 'player-password'));
    expect((await bet(a, firstHeaders, market, 'BACK', '1')).statusCode).toBe(201);
    await waitFor(() => a.deps.units.owns(unitId) || b.deps.units.owns(unitId), 10_000);
    const [owner, home] = a.deps.units.owns(unitId) ? [a, b] : [b, a];

    const hal = await player(admin, '100');
    const headers = bearer(await loginAs(home.app, hal.email, 'player-password'));
    const ownerReads = vi.spyOn(owner.deps.admission, 'prepare');
    const placed = await bet(home, headers, market, 'BACK', '30');
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).not.toHaveProperty('moneyAfter');
    expect(ownerReads.mock.calls.filter(([id]) => id === hal.id)).toEqual([]);
    // 30.00 held: home's funds know it at once, nothing left pending.
    expect(home.deps.admission.funds.availableMinor(hal.id)).toBe(7_000n);
    expect(home.deps.admission.funds.exposureMinor(hal.id)).toBe(3_000n);

    // A back past the balance is refused; a lay hedging the back fits by netting, which the owner judges.
    const tooMuch = await bet(home, headers, market, 'BACK', '71');
    expect([tooMuch.statusCode, tooMuch.json().code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    expect((await bet(home, headers, market, 'BACK', '70')).statusCode).toBe(201);
    const hedge = await bet(home, headers, market, 'LAY', '100');
    expect(hedge.statusCode, hedge.body).toBe(201);
    ownerReads.mockRestore();
  });
});
