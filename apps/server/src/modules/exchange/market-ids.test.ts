import { marketSchema } from '@backlay/contracts';
import { describe, expect, it } from 'vitest';
import { exchangeTestApp } from './testing/exchange-test-app.ts';

const app = exchangeTestApp();

/**
 * A market as it was stored before ids became URL-safe (docs/decisions/0226): `<event id>/<kind>`, beside
 * an operator's market of the same event.
 */
async function marketUnderOldId(): Promise<string> {
  const market = await app.x.market();
  const [row] = await app.ctx.deps.db.query<{ event_id: string }>(
    'SELECT event_id FROM markets WHERE id = $1',
    [market.id],
  );
  const oldId = `${row!.event_id}/winner-1`;
  await app.ctx.deps.db.query(
    `INSERT INTO markets (id, event_id, type, name, sort_order, bet_delay_sec, min_stake_minor, max_stake_minor,
       commission_percent, house_priced)
     VALUES ($1, $2, 'WINNER', 'Winner', 1, 5, 10000, 50000000, 2, false)`,
    [oldId, row!.event_id],
  );
  await app.ctx.deps.db.query(
    `INSERT INTO runners (market_id, runner_id, name, sort_order) VALUES ($1, 'r1', 'Home', 0), ($1, 'r2', 'Away', 1)`,
    [oldId],
  );
  return oldId;
}

describe('market ids in URLs', () => {
  it('serves a new market on every route by its id written as it is', async () => {
    const market = await app.x.market();
    expect(market.id).toMatch(/^custom-[0-9a-f]+\.match-odds-1$/);
    const alice = await app.x.player();
    const view = await app.x.admin_('GET', `/api/markets/${market.id}`, alice.auth);
    expect(view.statusCode).toBe(200);
    expect(marketSchema.parse(view.json()).id).toBe(market.id);
    const quote = await app.x.admin_('GET', `/api/markets/${market.id}/cash-out`, alice.auth);
    expect([quote.statusCode, quote.json().available]).toEqual([200, false]);
    const suspended = await app.x.admin_('POST', `/api/admin/markets/${market.id}/suspend`, app.x.admin);
    expect([suspended.statusCode, suspended.json().status]).toEqual([200, 'SUSPENDED']);
    const resumed = await app.x.admin_('POST', `/api/admin/markets/${market.id}/resume`, app.x.admin);
    expect([resumed.statusCode, resumed.json().status]).toEqual([200, 'OPEN']);
    const limits = await app.x.admin_('PATCH', `/api/admin/markets/${market.id}`, app.x.admin, {
      minStake: '1',
    });
    expect([limits.statusCode, limits.json().minStake]).toEqual([200, '1.00']);
    const bet = { marketId: market.id, runnerId: 'r1', side: 'BACK', price: 2, stake: '100' };
    expect((await app.x.place(alice.auth, bet)).statusCode).toBe(201);
    expect(await app.x.bets(alice.auth, `?marketId=${market.id}`)).toHaveLength(1);
    expect((await app.x.settle(market.id, 'r1')).json().status).toBe('SETTLED');
  });

  it('still finds a market stored under an old id, sent encoded', async () => {
    const oldId = await marketUnderOldId();
    const encoded = encodeURIComponent(oldId);
    const alice = await app.x.player();
    const view = await app.x.admin_('GET', `/api/markets/${encoded}`, alice.auth);
    expect([view.statusCode, view.json().id]).toEqual([200, oldId]);
    const suspended = await app.x.admin_('POST', `/api/admin/markets/${encoded}/suspend`, app.x.admin);
    expect([suspended.statusCode, suspended.json().status]).toEqual([200, 'SUSPENDED']);
    await app.x.admin_('POST', `/api/admin/markets/${encoded}/resume`, app.x.admin);
    const bet = { marketId: oldId, runnerId: 'r1', side: 'BACK', price: 2, stake: '100' };
    expect((await app.x.place(alice.auth, bet)).statusCode).toBe(201);
    const quote = await app.x.admin_('GET', `/api/markets/${encoded}/cash-out`, alice.auth);
    expect(quote.statusCode).toBe(200);
    expect(await app.x.bets(alice.auth, `?marketId=${encoded}`)).toHaveLength(1);
    expect((await app.x.settle(oldId, 'r2')).json().status).toBe('SETTLED');
  });
});
