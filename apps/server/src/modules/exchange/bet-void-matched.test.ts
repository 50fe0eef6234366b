import { describe, expect, it } from 'vitest';
import { auditLedger } from '../wallet/index.ts';
import { loadMarketUnit } from './market-load.ts';
import { readPositions } from './positions.ts';
import { exchangeTestApp } from './testing/exchange-test-app.ts';

/** An operator voiding a bet matched against other players (docs/decisions/0251). */

const app = exchangeTestApp();

const voidBet = (betId: string, reason = 'Palpable error.') =>
  app.x.admin_('POST', `/api/admin/bets/${encodeURIComponent(betId)}/void`, app.x.admin, { reason });

type Auth = Record<string, string>;
const betOf = async (auth: Auth, betId: string) =>
  (await app.x.bets(auth)).find((bet) => bet.id === betId) as Record<string, unknown> | undefined;

const count = async (sql: string, params: unknown[] = []) => {
  const [row] = await app.ctx.deps.db.query<{ n: string | number }>(sql, params);
  return Number(row!.n);
};

/** Each account's hold on the market as the ledger has it. */
async function holds(marketId: string): Promise<Record<string, bigint>> {
  const rows = await app.ctx.deps.db.query<{ player_id: string; held_minor: string | bigint }>(
    `SELECT player_id, held_minor FROM holds WHERE reference = $1 AND state = 'PENDING'`,
    [`market:${marketId}`],
  );
  return Object.fromEntries(rows.map((row) => [row.player_id, BigInt(row.held_minor)]));
}

/** The market as a restart finds it: the book, and each held account's exposure from the standing fills. */
async function rebuilt(marketId: string, accounts: string[]) {
  const unit = await loadMarketUnit(app.ctx.deps.db, marketId);
  return {
    ladder: unit!.ladder(),
    exposures: Object.fromEntries(accounts.map((id) => [id, unit!.risk.exposureMinor(id)])),
  };
}

describe('voiding a bet matched against other players', () => {
  it('voids both sides of each match: holds released exactly, the rest stands and settles', async () => {
    const { x } = app;
    const market = await x.market();
    const [home, away] = market.runners;
    const [alice, bob, carol, dave] = [
      await x.player(),
      await x.player(),
      await x.player(),
      await x.player(),
    ];
    const at2 = { marketId: market.id, runnerId: home!.id, price: 2 };
    const lay = (await x.place(bob.auth, { ...at2, side: 'LAY', stake: '300' })).json().bet;
    const voided = (await x.place(alice.auth, { ...at2, side: 'BACK', stake: '100' })).json().bet;
    await x.place(carol.auth, { ...at2, side: 'BACK', stake: '100' });
    expect(await x.balance(alice.auth)).toEqual({ balance: '900.00', exposure: '100.00' });
    expect(await x.balance(bob.auth)).toEqual({ balance: '700.00', exposure: '300.00' });

    const answer = await voidBet(voided.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      id: voided.id,
      product: 'exchange',
      playerId: alice.id,
      market: market.id,
      status: 'VOID',
      stake: '100.00',
      released: '100.00',
      voided: '100.00',
      counterparts: [{ accountId: bob.id, betId: lay.id, voided: '100.00' }],
    });
    // Bob keeps his match with Carol (100) and his unmatched 100; Carol is untouched.
    expect(await x.balance(alice.auth)).toEqual({ balance: '1000.00', exposure: '0.00' });
    expect(await x.balance(bob.auth)).toEqual({ balance: '800.00', exposure: '200.00' });
    expect(await x.balance(carol.auth)).toEqual({ balance: '900.00', exposure: '100.00' });
    expect(await betOf(alice.auth, voided.id)).toMatchObject({
      status: 'VOID',
      matched: '0.00',
      voided: '100.00',
    });
    expect(await betOf(bob.auth, lay.id)).toMatchObject({
      status: 'PARTIALLY_MATCHED',
      matched: '100.00',
      unmatched: '100.00',
      voided: '100.00',
      avgPrice: 2,
    });
    expect(await count('SELECT count(*) AS n FROM bet_fills WHERE voided_at IS NOT NULL')).toBe(1);
    expect(await auditLedger(app.ctx.deps.db)).toEqual([]);
    const audit = await x.admin_('GET', '/api/admin/audit?action=bet%20void&limit=1', x.admin);
    expect(audit.json().items[0]).toMatchObject({
      target: `bet:${voided.id}`,
      before: { status: 'MATCHED', matched: '100.00' },
      after: { status: 'VOID', released: '100.00', voided: '100.00' },
    });

    // The position book counts only what stands: Bob lays Home 100 to Carol.
    const positions = await readPositions(app.ctx.deps.db, market.id);
    const ifWins = (id: string) => positions!.players.find((player) => player.playerId === id)?.ifWins;
    expect(ifWins(bob.id)).toEqual({ [home!.id]: '-100.00', [away!.id]: '100.00' });
    expect(ifWins(alice.id)).toBeUndefined();

    // A restart finds the same book and holds.
    const view = await x.marketView(market.id);
    const accounts = [alice.id, bob.id, carol.id];
    const restarted = await rebuilt(market.id, accounts);
    expect(restarted.exposures).toEqual(await holds(market.id));
    expect(restarted.ladder[home!.id]).toEqual({ back: view.runners[0].back, lay: view.runners[0].lay });
    expect(view.runners[0].back).toEqual([{ price: 2, size: '100.00' }]);

    // Again: the same bet, nothing moves and nothing is audited.
    const again = await voidBet(voided.id);
    expect(again.json()).toMatchObject({ status: 'VOID', released: '0.00' });
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE action = 'bet void'")).toBe(1);
    expect(await x.balance(bob.auth)).toEqual({ balance: '800.00', exposure: '200.00' });

    // The market goes on from the rebuilt book: Dave takes Bob's 100 still offered.
    const taken = (await x.place(dave.auth, { ...at2, side: 'BACK', stake: '100' })).json().bet;
    expect(taken).toMatchObject({ status: 'MATCHED', matched: '100.00' });
    expect(await betOf(bob.auth, lay.id)).toMatchObject({
      status: 'MATCHED',
      matched: '200.00',
      voided: '100.00',
    });

    // Home wins: only the standing matches pay (2% commission on winnings); Alice gets all back.
    expect((await x.settle(market.id, home!.id)).statusCode).toBe(200);
    expect(await x.balance(alice.auth)).toEqual({ balance: '1000.00', exposure: '0.00' });
    expect(await x.balance(bob.auth)).toEqual({ balance: '800.00', exposure: '0.00' });
    expect(await x.balance(carol.auth)).toEqual({ balance: '1098.00', exposure: '0.00' });
    expect(await x.balance(dave.auth)).toEqual({ balance: '1098.00', exposure: '0.00' });
    expect(await betOf(alice.auth, voided.id)).toMatchObject({ status: 'VOID' });
    expect(await betOf(bob.auth, lay.id)).toMatchObject({ status: 'SETTLED', profit: '-200.00' });
  });

  it('cancels the unmatched rest, and a counterparty nothing of which stands shows VOID', async () => {
    const { x } = app;
    const market = await x.market();
    const [home] = market.runners;
    const [alice, bob] = [await x.player(), await x.player()];
    const at2 = { marketId: market.id, runnerId: home!.id, price: 2 };
    const lay = (await x.place(bob.auth, { ...at2, side: 'LAY', stake: '100' })).json().bet;
    const back = (await x.place(alice.auth, { ...at2, side: 'BACK', stake: '130' })).json().bet;
    expect(back).toMatchObject({ status: 'PARTIALLY_MATCHED', matched: '100.00' });

    const answer = await voidBet(back.id);
    expect(answer.json()).toMatchObject({ status: 'VOID', released: '130.00', voided: '100.00' });
    expect(await x.balance(alice.auth)).toEqual({ balance: '1000.00', exposure: '0.00' });
    expect(await x.balance(bob.auth)).toEqual({ balance: '1000.00', exposure: '0.00' });
    expect(await betOf(bob.auth, lay.id)).toMatchObject({
      status: 'VOID',
      matched: '0.00',
      voided: '100.00',
    });
    expect((await x.marketView(market.id)).runners[0].lay).toEqual([]);
    expect(await rebuilt(market.id, [alice.id, bob.id])).toMatchObject({
      exposures: { [alice.id]: 0n, [bob.id]: 0n },
    });
    expect((await x.settle(market.id, home!.id)).statusCode).toBe(200);
    expect(await x.balance(alice.auth)).toEqual({ balance: '1000.00', exposure: '0.00' });
    expect(await x.balance(bob.auth)).toEqual({ balance: '1000.00', exposure: '0.00' });
  });

  it('voids what rests of a bet whose matches were voided from the other side', async () => {
    const { x } = app;
    const market = await x.market();
    const at2 = { marketId: market.id, runnerId: market.runners[0]!.id, price: 2 };
    const [alice, bob] = [await x.player(), await x.player()];
    const lay = (await x.place(bob.auth, { ...at2, side: 'LAY', stake: '100' })).json().bet;
    const back = (await x.place(alice.auth, { ...at2, side: 'BACK', stake: '130' })).json().bet;
    expect((await voidBet(lay.id)).json()).toMatchObject({ released: '100.00', voided: '100.00' });
    expect(await betOf(alice.auth, back.id)).toMatchObject({
      status: 'UNMATCHED',
      matched: '0.00',
      unmatched: '30.00',
      voided: '100.00',
    });
    expect(await x.balance(alice.auth)).toEqual({ balance: '970.00', exposure: '30.00' });
    expect((await x.marketView(market.id)).runners[0].lay).toEqual([{ price: 2, size: '30.00' }]);

    expect((await voidBet(back.id)).json()).toMatchObject({ status: 'VOID', released: '30.00' });
    expect(await betOf(alice.auth, back.id)).toMatchObject({ status: 'VOID', voided: '100.00' });
    expect(await x.balance(alice.auth)).toEqual({ balance: '1000.00', exposure: '0.00' });
    expect((await x.marketView(market.id)).runners[0].lay).toEqual([]);
  });

  it('voids the market maker side too: its hold follows its standing fills', async () => {
    const { x, ctx } = app;
    const market = await x.market();
    await ctx.deps.db.query('UPDATE runners SET fair_ppm = 500000 WHERE market_id = $1', [market.id]);
    await ctx.deps.db.query('UPDATE markets SET market_maker = true WHERE id = $1', [market.id]);
    expect((await ctx.deps.exchange.run(market.id, { type: 'sync' })).ok).toBe(true);
    await ctx.deps.exchange.idle();
    const alice = await x.player();
    const backAt199 = { marketId: market.id, runnerId: 'r1', side: 'BACK', price: 1.99 };
    const backed = (await x.place(alice.auth, { ...backAt199, stake: '100' })).json().bet;
    expect(backed).toMatchObject({ status: 'MATCHED' });
    const maker = ctx.deps.exchange.ctx.maker.accountId;

    const answer = await voidBet(backed.id);
    expect(answer.json()).toMatchObject({
      released: '100.00',
      counterparts: [{ accountId: maker, betId: null, voided: '100.00' }],
    });
    expect(await x.balance(alice.auth)).toEqual({ balance: '1000.00', exposure: '0.00' });
    const held = await holds(market.id);
    expect((await rebuilt(market.id, [maker])).exposures[maker]).toBe(held[maker] ?? 0n);
    // Rebuilt, the market has the maker's quotes again from its next sync, and trades on.
    expect((await ctx.deps.exchange.run(market.id, { type: 'sync' })).ok).toBe(true);
    const again = await x.place(alice.auth, { ...backAt199, stake: '100' });
    expect(again.json().bet, again.body).toMatchObject({ status: 'MATCHED' });
  });

  it('refuses, changing nothing, when a hedged counterparty cannot cover what the void leaves', async () => {
    const { x } = app;
    const [market, other] = [await x.market(), await x.market()];
    const [alice, bob, carol] = [await x.player(), await x.player('100.00'), await x.player()];
    const at2 = { marketId: market.id, runnerId: market.runners[0]!.id, price: 2 };
    const aliceLay = (await x.place(alice.auth, { ...at2, side: 'LAY', stake: '100' })).json().bet;
    await x.place(bob.auth, { ...at2, side: 'BACK', stake: '100' });
    await x.place(carol.auth, { ...at2, side: 'BACK', stake: '100' });
    await x.place(bob.auth, { ...at2, side: 'LAY', stake: '100' });
    expect(await x.balance(bob.auth)).toEqual({ balance: '100.00', exposure: '0.00' });
    const elsewhere = { marketId: other.id, runnerId: other.runners[0]!.id, price: 2 };
    await x.place(bob.auth, { ...elsewhere, side: 'BACK', stake: '100' });
    const holdsBefore = await holds(market.id);

    const refused = await voidBet(aliceLay.id);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'VOID_SHORT_OF_FUNDS']);
    expect(await holds(market.id)).toEqual(holdsBefore);
    expect(await count('SELECT count(*) AS n FROM bet_fills WHERE voided_at IS NOT NULL')).toBe(0);
    expect(await betOf(alice.auth, aliceLay.id)).toMatchObject({ status: 'MATCHED', matched: '100.00' });
    // Rebuilt as it stands, the market settles the match as before.
    expect((await x.settle(market.id, market.runners[0]!.id)).statusCode).toBe(200);
    expect(await x.balance(alice.auth)).toEqual({ balance: '900.00', exposure: '0.00' });
  });
});
