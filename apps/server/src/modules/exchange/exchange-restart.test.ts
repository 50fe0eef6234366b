import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { startTestApp, type TestContext } from '../../test/test-app.ts';
import { exchangeClient } from './testing/exchange-client.ts';

let db: Database | undefined;
const apps: TestContext[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await db?.close();
});

describe('a restart', () => {
  it('keeps every acknowledged bet and rebuilds the same book', async () => {
    db = await openTestDatabase();
    const first = await startTestApp({}, {}, db);
    apps.push(first);
    const x = await exchangeClient(first);
    const market = await x.market(['Yes', 'No']);
    const alice = await x.player();
    const bob = await x.player();
    const [yes] = market.runners;
    await x.place(alice.auth, {
      marketId: market.id,
      runnerId: yes!.id,
      side: 'BACK',
      price: 3,
      stake: '150',
    });
    await x.place(alice.auth, {
      marketId: market.id,
      runnerId: yes!.id,
      side: 'BACK',
      price: 3.5,
      stake: '100',
    });
    await x.place(bob.auth, { marketId: market.id, runnerId: yes!.id, side: 'LAY', price: 3, stake: '100' });
    await x.place(bob.auth, {
      marketId: market.id,
      runnerId: yes!.id,
      side: 'LAY',
      price: 1.5,
      stake: '200',
    });
    const bookBefore = await x.marketView(market.id);
    const aliceBefore = await x.bets(alice.auth);
    const balancesBefore = [await x.balance(alice.auth), await x.balance(bob.auth)];
    await first.close();
    apps.length = 0;
    // The first instance is gone without giving its leases back: the new one takes over once they lapse.
    await db.query('DELETE FROM unit_leases');

    const second = await startTestApp({}, {}, db);
    apps.push(second);
    const y = await exchangeClient(second);
    // A command loads the market from the database; cancelling needs the rebuilt book and risk.
    const open = (await y.bets(alice.auth, '?status=open')).find((bet) => bet.status === 'PARTIALLY_MATCHED');
    expect(open).toBeDefined();
    expect(await y.bets(alice.auth)).toEqual(aliceBefore);
    expect([await y.balance(alice.auth), await y.balance(bob.auth)]).toEqual(balancesBefore);
    const runners = (await y.marketView(market.id)).runners;
    expect(runners).toEqual(bookBefore.runners);
    // The rebuilt book matches like the first, in price order: 50 left at 3, then 50 of the 100 at 3.5.
    const taken = await y.place(bob.auth, {
      marketId: market.id,
      runnerId: yes!.id,
      side: 'LAY',
      price: 3.5,
      stake: '100',
    });
    expect(taken.json().bet).toMatchObject({ status: 'MATCHED', avgPrice: 3.25 });
    const [partial] = (await y.bets(alice.auth, '?status=open')).filter(
      (bet) => bet.status === 'PARTIALLY_MATCHED',
    );
    const cancelled = await y.cancel(alice.auth, partial!.id);
    expect(cancelled.json().bet.status).toBe('MATCHED');
    expect(await y.balance(alice.auth)).toEqual({ balance: '800.00', exposure: '200.00' });
  });
});
