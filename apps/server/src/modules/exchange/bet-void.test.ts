import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addHouseMarket } from '../../test/house-market.ts';
import { exchangeTestApp } from './testing/exchange-test-app.ts';

/** An operator voiding one bet (docs/decisions/0243). */

const app = exchangeTestApp();

const voidBet = (betId: string, payload?: object) =>
  app.x.admin_('POST', `/api/admin/bets/${encodeURIComponent(betId)}/void`, app.x.admin, payload);

const count = async (sql: string, params: unknown[] = []) => {
  const [row] = await app.ctx.deps.db.query<{ n: string | number }>(sql, params);
  return Number(row!.n);
};
const voids = () => count("SELECT count(*) AS n FROM audit_log WHERE action = 'bet void'");
const transfers = () => count('SELECT count(*) AS n FROM transfers');

async function adminListed(playerId: string, betId: string) {
  const page = await app.x.admin_('GET', `/api/admin/bets?player=${playerId}&product=exchange`, app.x.admin);
  return page.json().items.find((item: { id: string }) => item.id === betId);
}

describe('voiding one bet', () => {
  it('voids a bet against the house once: the hold shrinks, the bet shows VOID, the rest settles', async () => {
    const { x, ctx } = app;
    const id = await addHouseMarket(
      ctx,
      await x.market(),
      'FANCY',
      [
        ['yes', 500_000],
        ['no', 500_000],
      ],
      {
        line: 45,
      },
    );
    const alice = await x.player();
    const yes = { marketId: id, runnerId: 'yes', side: 'BACK', price: 1.94 };
    const first = (await x.place(alice.auth, { ...yes, stake: '100' })).json().bet;
    await x.place(alice.auth, { ...yes, stake: '200' });
    expect(await x.balance(alice.auth)).toEqual({ balance: '700.00', exposure: '300.00' });

    const voided = await voidBet(first.id, { reason: 'Placed after the line was scored.' });
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({
      id: first.id,
      product: 'exchange',
      status: 'VOID',
      released: '100.00',
    });
    expect(await x.balance(alice.auth)).toEqual({ balance: '800.00', exposure: '200.00' });
    expect((await x.bets(alice.auth)).find((bet) => bet.id === first.id)).toMatchObject({ status: 'VOID' });
    expect(await adminListed(alice.id, first.id)).toMatchObject({ state: 'void', status: 'VOID' });
    const audit = await x.admin_('GET', '/api/admin/audit?action=bet%20void&limit=1', x.admin);
    expect(audit.json().items[0]).toMatchObject({
      target: `bet:${first.id}`,
      before: { status: 'MATCHED' },
      after: { status: 'VOID', released: '100.00' },
      reason: 'Placed after the line was scored.',
    });

    // Again, and twice at once: nothing more moves or is audited.
    const again = await Promise.all([1, 2].map(() => voidBet(first.id, { reason: 'retry' })));
    expect(again.map((answer) => answer.json().released)).toEqual(['0.00', '0.00']);
    expect(await voids()).toBe(1);
    expect(await x.balance(alice.auth)).toEqual({ balance: '800.00', exposure: '200.00' });

    // The market settles without the voided bet: 200 at 1.94 wins 188.
    expect((await x.settleLine(id, { result: 50 })).statusCode).toBe(200);
    expect(await x.balance(alice.auth)).toEqual({ balance: '1188.00', exposure: '0.00' });
    expect((await x.bets(alice.auth)).find((bet) => bet.id === first.id)).toMatchObject({ status: 'VOID' });
  });

  it('voids an unmatched exchange bet: it leaves the book and its hold is released', async () => {
    const { x } = app;
    const market = await x.market();
    const alice = await x.player();
    const back = {
      marketId: market.id,
      runnerId: market.runners[0]!.id,
      side: 'BACK',
      price: 3,
      stake: '100',
    };
    const placed = await x.place(alice.auth, back);
    const betId: string = placed.json().bet.id;
    const voided = await voidBet(betId, { reason: 'Palpable error.' });
    expect(voided.json()).toMatchObject({ status: 'VOID', released: '100.00' });
    expect(await x.balance(alice.auth)).toEqual({ balance: '1000.00', exposure: '0.00' });
    expect((await x.marketView(market.id)).runners[0].lay).toEqual([]);
    expect(await adminListed(alice.id, betId)).toMatchObject({ state: 'void', status: 'VOID' });
    // The market goes on: a new bet takes the same price.
    expect((await x.place(alice.auth, back)).json().bet).toMatchObject({ status: 'UNMATCHED' });
    expect(await x.balance(alice.auth)).toEqual({ balance: '900.00', exposure: '100.00' });
  });

  it('refuses what it cannot void exactly, and bad requests, writing nothing', async () => {
    const { x, ctx } = app;
    const market = await x.market();
    const [home] = market.runners;
    const alice = await x.player();
    const bob = await x.player();
    const bet = { marketId: market.id, runnerId: home!.id, price: 2 };
    await x.place(bob.auth, { ...bet, side: 'LAY', stake: '100' });
    const back = (await x.place(alice.auth, { ...bet, side: 'BACK', stake: '100' })).json().bet;
    const resting = (await x.place(alice.auth, { ...bet, price: 5, side: 'BACK', stake: '100' })).json().bet;
    await x.cancel(alice.auth, resting.id);
    const casinoId = `casino-${randomUUID().slice(0, 8)}`;
    await ctx.deps.db.query(
      `INSERT INTO casino_transactions (transaction_id, kind, player_id, game_id, round_id, amount_minor, fingerprint,
         answer, bet_status) VALUES ($1, 'BET', $2, 'slots-1', 'round-1', 100, 'f', '{}', 'OPEN')`,
      [casinoId, alice.id],
    );
    const posted = await transfers();
    const cases: [string, object | undefined, number, string][] = [
      [resting.id, { reason: 'x' }, 409, 'NOTHING_TO_VOID'],
      [casinoId, { reason: 'x' }, 409, 'BET_NOT_VOIDABLE'],
      [randomUUID(), { reason: 'x' }, 404, 'BET_NOT_FOUND'],
      [back.id, {}, 400, 'INVALID_REQUEST'],
      [back.id, { reason: '' }, 400, 'INVALID_REQUEST'],
      [back.id, undefined, 400, 'INVALID_REQUEST'],
    ];
    for (const [betId, body, status, code] of cases) {
      const answer = await voidBet(betId, body);
      expect([answer.statusCode, answer.json().code], `${betId} ${JSON.stringify(body)}`).toEqual([
        status,
        code,
      ]);
    }
    expect((await voidBet(casinoId, { reason: 'x' })).json().message).toMatch(/provider/);
    expect(await transfers()).toBe(posted);
    expect((await x.settle(market.id, home!.id)).statusCode).toBe(200);
    const settled = await voidBet(back.id, { reason: 'x' });
    expect([settled.statusCode, settled.json().code]).toEqual([409, 'MARKET_SETTLED']);
    expect(await voids()).toBe(0);
    expect(await x.balance(alice.auth)).toEqual({ balance: '1098.00', exposure: '0.00' });
  });
});
