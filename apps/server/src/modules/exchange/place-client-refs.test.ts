import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createOperatorMarket, type OperatorMarket } from '../../test/operator-market.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { auditLedger } from '../wallet/index.ts';
import { exchangeClient } from './testing/exchange-client.ts';

/** A bet reaches its market's owner without a read first (docs/decisions/0326). */

type Market = { id: string; runners: { id: string }[] };

const betOn = (market: Market, clientRef: string, stake = '100', side = 'BACK') => ({
  marketId: market.id,
  runnerId: market.runners[0]!.id,
  side,
  price: 2,
  stake,
  clientRef,
});

/** The statements that read a clientRef's earlier bet, counted from now on. */
function countLookups(db: Database) {
  const query = vi.spyOn(db, 'query');
  return () => query.mock.calls.filter(([text]) => String(text).includes('LEFT JOIN bets b')).length;
}

describe('on one instance', () => {
  let ctx: TestContext;
  let x: Awaited<ReturnType<typeof exchangeClient>>;

  beforeEach(async () => {
    ctx = await startTestApp();
    x = await exchangeClient(ctx);
  });
  afterEach(async () => {
    expect(await auditLedger(ctx.deps.db)).toEqual([]);
    await ctx.close();
  });

  describe('a clientRef used again', () => {
    it('on its own market is answered by the owner, with nothing read first', async () => {
      const market = await x.market();
      const alice = await x.player();
      const first = await x.place(alice.auth, betOn(market, 'ref-1'));
      expect(first.statusCode).toBe(201);
      const lookups = countLookups(ctx.deps.db);
      const again = await x.place(alice.auth, betOn(market, 'ref-1'));
      expect([again.statusCode, again.json().bet.id]).toEqual([200, first.json().bet.id]);
      const other = await x.place(alice.auth, betOn(market, 'ref-1', '200'));
      expect([other.statusCode, other.json().code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
      expect(lookups()).toBe(0);
      expect(await x.bets(alice.auth)).toHaveLength(1);
    });

    it('on another market is refused, and the rest of its batch is placed', async () => {
      const [one, two] = [await x.market(), await x.market()];
      const [alice, bob] = [await x.player(), await x.player()];
      expect((await x.place(alice.auth, betOn(one, 'shared'))).statusCode).toBe(201);
      // Market two is known here now: the next bets on it go straight to its owner.
      expect((await x.place(bob.auth, betOn(two, 'warm'))).statusCode).toBe(201);
      const lookups = countLookups(ctx.deps.db);
      const [reused, ...others] = await Promise.all([
        x.place(alice.auth, betOn(two, 'shared')),
        ...['b1', 'b2', 'b3'].map((ref) => x.place(bob.auth, betOn(two, ref, '100', 'LAY'))),
      ]);
      expect([reused.statusCode, reused.json().code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
      expect(others.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
      // The batch rolled back on the clientRef, and its bets read their clientRefs before going again.
      expect(lookups()).toBeGreaterThan(0);
      expect(await x.bets(alice.auth)).toHaveLength(1);
      expect(await x.bets(bob.auth)).toHaveLength(4);
      expect(await x.balance(alice.auth)).toEqual({ balance: '900.00', exposure: '100.00' });
    });

    it('on a settled market is answered with its bet, and refused on another', async () => {
      const [one, two] = [await x.market(), await x.market()];
      const alice = await x.player();
      const placed = await x.place(alice.auth, betOn(one, 'done'));
      expect((await x.settle(one.id, one.runners[0]!.id)).statusCode).toBe(200);
      const again = await x.place(alice.auth, betOn(one, 'done'));
      expect([again.statusCode, again.json().bet.id]).toEqual([200, placed.json().bet.id]);
      const other = await x.place(alice.auth, betOn(two, 'done'));
      expect([other.statusCode, other.json().code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    });
  });

  describe('the in-play delay', () => {
    it('is waited out even when the market went in play after it was known here', async () => {
      const market = await x.market();
      const alice = await x.player();
      expect((await x.place(alice.auth, betOn(market, randomUUID()))).statusCode).toBe(201);
      await ctx.deps.db.query('UPDATE markets SET in_play = true, bet_delay_sec = 1 WHERE id = $1', [
        market.id,
      ]);
      await ctx.deps.exchange.run(market.id, { type: 'sync' });
      const startedAt = Date.now();
      const placed = await x.place(alice.auth, { ...betOn(market, randomUUID()), persistence: 'PERSIST' });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_000);
    });
  });
});

describe.runIf(process.env.DATABASE_URL)('one clientRef raced on two markets by two instances', () => {
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

  const post = (t: TestContext, headers: Record<string, string>, market: OperatorMarket, clientRef: string) =>
    t.app.inject({ method: 'POST', url: '/api/bets', headers, payload: betOn(market, clientRef, '10') });

  it('places it once and refuses the other', async () => {
    const admin = bearer(await loginAs(a.app, TEST_ADMIN.email, TEST_ADMIN.password));
    const markets = [
      await createOperatorMarket(a, admin, { minStake: '1' }),
      await createOperatorMarket(b, admin, { minStake: '1' }),
    ];
    const email = `race-${randomUUID().slice(0, 8)}@exchange.local`;
    const payload = { email, password: 'player-password', name: 'Rae', openingCredit: '500' };
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/admin/players',
      headers: admin,
      payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const onA = bearer(await loginAs(a.app, email, 'player-password'));
    const onB = bearer(await loginAs(b.app, email, 'player-password'));
    // Both markets known on both instances, so neither bet reads its clientRef first.
    for (const [t, headers] of [
      [a, onA],
      [b, onB],
    ] as const)
      for (const market of markets)
        expect((await post(t, headers, market, randomUUID())).statusCode).toBe(201);
    for (const round of [1, 2, 3]) {
      const clientRef = `race-${round}`;
      const answers = await Promise.all([
        post(a, onA, markets[0]!, clientRef),
        post(b, onB, markets[1]!, clientRef),
      ]);
      const outcomes = answers
        .map((answer) => `${answer.statusCode} ${answer.json().code ?? ''}`.trim())
        .sort();
      expect(outcomes).toEqual(['201', '409 IDEMPOTENCY_CONFLICT']);
    }
    const [row] = await db.query<{ n: string }>(
      "SELECT count(*) AS n FROM bets WHERE client_ref LIKE 'race-%' AND player_id = $1",
      [created.json<{ player: { id: string } }>().player.id],
    );
    expect(Number(row?.n)).toBe(3);
    expect(await auditLedger(db)).toEqual([]);
  });
});
