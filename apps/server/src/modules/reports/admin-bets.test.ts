import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDeskClient, type CashDeskClient } from '../../test/cash-desk-client.ts';
import { createOperatorMarket } from '../../test/operator-market.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { openCasinoSession, signBody } from '../casino/index.ts';
import { tableUnitId } from '../tables/index.ts';

/** Every product's bets in one console list, newest first, paged and filtered (docs/decisions/0239). */

type Headers = Record<string, string>;
let ctx: TestContext;
let admin: Headers;
let desk: CashDeskClient;

beforeAll(async () => {
  ctx = await startTestApp({}, { tables: { timers: false } });
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  desk = cashDeskClient(ctx, admin);
});
afterAll(() => ctx.close());

async function player() {
  const email = `bets-${randomUUID().slice(0, 8)}@test.local`;
  const id = await desk.createPlayer(email);
  await desk.deposit(id, { amount: '1000', remark: 'test' });
  return { id, email, headers: bearer(await loginAs(ctx.app, email, 'secret1')) };
}

async function casinoBet(playerId: string): Promise<string> {
  const token = await openCasinoSession(ctx.deps.db, { playerId, gameId: 22001, nowMs: Date.now() });
  const transactionId = randomUUID();
  const raw = JSON.stringify({
    timestamp: Date.now(),
    token,
    transactionId,
    roundId: randomUUID(),
    gameId: 22001,
    amount: '5.00',
  });
  const headers = {
    'content-type': 'application/json',
    'x-signature': signBody(ctx.deps.env.CASINO_WALLET_SECRET, raw),
  };
  const answer = await ctx.app.inject({ method: 'POST', url: '/api/wallet/bet', payload: raw, headers });
  expect(answer.json().status).toBe('RS_OK');
  return transactionId;
}

const list = async (query: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/bets?${query}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    items: { id: string; product: string; playerId: string; state: string }[];
    next: string | null;
  }>();
};

describe('GET /api/admin/bets', () => {
  it('lists every product newest first, pages without repeats, and filters', async () => {
    const [alice, bob] = [await player(), await player()];
    const market = await createOperatorMarket(ctx, admin);
    const exchangeIds: string[] = [];
    for (const price of [3, 4, 5]) {
      const placed = await ctx.app.inject({
        method: 'POST',
        url: '/api/bets',
        headers: alice.headers,
        payload: {
          marketId: market.id,
          runnerId: market.runners[0]!.id,
          side: 'BACK',
          price,
          stake: '100',
          persistence: 'PERSIST',
          clientRef: randomUUID(),
        },
      });
      exchangeIds.push(placed.json().bet.id);
    }
    expect((await ctx.deps.units.send(tableUnitId('dragon-tiger'), { type: 'advance' })).ok).toBe(true);
    const round = (
      await ctx.app.inject({ method: 'GET', url: '/api/tables/dragon-tiger', headers: admin })
    ).json().round.id;
    const table = await ctx.deps.units.send(tableUnitId('dragon-tiger'), {
      type: 'bet',
      playerId: alice.id,
      roundId: round,
      marketId: 'dragon',
      stakeMinor: '1000',
      clientRef: randomUUID(),
    });
    expect(table.ok).toBe(true);
    const casinoId = await casinoBet(bob.id);

    const seen: string[] = [];
    let page = await list('limit=2');
    for (;;) {
      seen.push(...page.items.map((item) => item.id));
      if (!page.next) break;
      page = await list(`limit=2&cursor=${page.next}`);
    }
    expect(new Set(seen).size).toBe(seen.length);
    const ours = seen.filter((id) => [...exchangeIds, casinoId].includes(id));
    expect(ours).toEqual([casinoId, ...[...exchangeIds].reverse()]);

    expect((await list(`player=${bob.id}`)).items).toMatchObject([
      { id: casinoId, product: 'casino', state: 'open' },
    ]);
    expect((await list(`market=${market.id}`)).items.map((item) => item.id)).toEqual(
      [...exchangeIds].reverse(),
    );
    const tables = (await list(`product=tables&player=${alice.id}`)).items;
    expect(tables).toMatchObject([{ product: 'tables', playerId: alice.id, state: 'open' }]);
    expect((await list(`product=casino&status=settled&player=${bob.id}`)).items).toEqual([]);
    for (const query of [
      'limit=0',
      'limit=201',
      'product=poker',
      'status=won',
      'cursor=abc',
      'player=x',
      'extra=1',
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/bets?${query}`,
        headers: admin,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
