import { describe, expect, it } from 'vitest';
import { cashDeskClient } from '../../test/cash-desk-client.ts';
import { addHouseMarket } from '../../test/house-market.ts';
import { auditLedger } from '../wallet/index.ts';
import { exchangeTestApp } from './testing/exchange-test-app.ts';

/** Re-settling a market settled on the wrong outcome (docs/decisions/0242). */

const app = exchangeTestApp();

const resettle = (marketId: string, payload?: object) =>
  app.x.admin_('POST', `/api/admin/markets/${encodeURIComponent(marketId)}/resettle`, app.x.admin, payload);

const count = async (sql: string, params: unknown[] = []) => {
  const [row] = await app.ctx.deps.db.query<{ n: string | number }>(sql, params);
  return Number(row!.n);
};
const transfers = () => count('SELECT count(*) AS n FROM transfers');
/** How far below zero each player's cash may be. */
const overdrafts = async (...playerIds: string[]) =>
  Promise.all(
    playerIds.map(async (id) => {
      const [row] = await app.ctx.deps.db.query<{ n: string | bigint }>(
        'SELECT overdraft_minor AS n FROM accounts WHERE account_id = $1',
        [`cash:${id}`],
      );
      return BigInt(row!.n);
    }),
  );
const resettlements = (marketId: string) =>
  count("SELECT count(*) AS n FROM audit_log WHERE action = 'market resettle' AND target = $1", [
    `market:${marketId}`,
  ]);
/** What the exchange has taken in commission: the commission account's balance. */
const commission = async () => {
  const [row] = await app.ctx.deps.db.query<{ n: string | null }>(
    `SELECT sum(CASE WHEN credit_account_id = 'commission' THEN amount_minor ELSE -amount_minor END) AS n
       FROM transfers WHERE 'commission' IN (credit_account_id, debit_account_id)`,
  );
  return BigInt(row?.n ?? 0);
};

/** Alice backs and Bob lays the first runner for 100 at evens; the market settles on `winner`. */
async function settledEvens(winner: 0 | 1) {
  const { x } = app;
  const market = await x.market();
  const [home, away] = market.runners;
  const alice = await x.player();
  const bob = await x.player();
  const bet = { marketId: market.id, runnerId: home!.id, price: 2, stake: '100' };
  await x.place(bob.auth, { ...bet, side: 'LAY' });
  await x.place(alice.auth, { ...bet, side: 'BACK' });
  expect((await x.settle(market.id, market.runners[winner]!.id)).statusCode).toBe(200);
  return { market, home: home!.id, away: away!.id, alice, bob };
}

describe('re-settling a market', () => {
  it('reverses the earlier postings and posts the new outcome once, in ledger, statement and bets', async () => {
    const { x } = app;
    const { market, away, alice, bob } = await settledEvens(0);
    expect(await x.balance(alice.auth)).toEqual({ balance: '1098.00', exposure: '0.00' });
    expect(await commission()).toBe(200n);

    const answer = await resettle(market.id, { winnerRunnerId: away, reason: 'Wrong runner keyed.' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id: market.id, status: 'SETTLED' });
    // Bob's lay wins 100 less 2%; Alice's win and its commission are undone.
    expect(await x.balance(alice.auth)).toEqual({ balance: '900.00', exposure: '0.00' });
    expect(await x.balance(bob.auth)).toEqual({ balance: '1098.00', exposure: '0.00' });
    expect(await commission()).toBe(200n);
    expect((await x.bets(alice.auth, '?status=settled'))[0]).toMatchObject({
      status: 'SETTLED',
      profit: '-100.00',
    });
    expect((await x.bets(bob.auth, '?status=settled'))[0]).toMatchObject({
      status: 'SETTLED',
      profit: '100.00',
    });

    const today = new Date().toISOString().slice(0, 10);
    const statement = await x.admin_(
      'GET',
      `/api/reports/statement?from=${today}&to=${today}&pageSize=50`,
      alice.auth,
    );
    const rows = statement
      .json()
      .items.map((row: { remark: string; credit: string; debit: string }) => [
        row.remark.replace(/^.*Match Odds: /, ''),
        row.credit,
        row.debit,
      ]);
    expect(rows.slice(0, 3)).toEqual([
      ['lost', '0.00', '100.00'],
      ['re-settled', '0.00', '98.00'],
      ['won (after commission)', '98.00', '0.00'],
    ]);

    const audit = await x.admin_('GET', '/api/admin/audit?action=market%20resettle&limit=1', x.admin);
    expect(audit.json().items[0]).toMatchObject({
      target: `market:${market.id}`,
      before: { kind: 'WINNER', runnerId: market.runners[0]!.id },
      after: { kind: 'WINNER', runnerId: away },
      reason: 'Wrong runner keyed.',
    });

    // The same request again, and two at once, post nothing more and audit nothing more.
    const posted = await transfers();
    const again = await Promise.all(
      [1, 2, 3].map(() => resettle(market.id, { winnerRunnerId: away, reason: 'retry' })),
    );
    expect(again.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await transfers()).toBe(posted);
    expect(await resettlements(market.id)).toBe(1);
    expect(await x.balance(bob.auth)).toEqual({ balance: '1098.00', exposure: '0.00' });
  });

  it('settles a second time, back to the first outcome, with keys of its own generation', async () => {
    const { x } = app;
    const { market, home, away, alice, bob } = await settledEvens(0);
    expect(
      (await resettle(market.id, { winnerRunnerId: away, reason: 'Photo finish misread.' })).statusCode,
    ).toBe(200);
    const twice = await Promise.all(
      [1, 2].map(() => resettle(market.id, { winnerRunnerId: home, reason: 'Stewards reversed it.' })),
    );
    expect(twice.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(await x.balance(alice.auth)).toEqual({ balance: '1098.00', exposure: '0.00' });
    expect(await x.balance(bob.auth)).toEqual({ balance: '900.00', exposure: '0.00' });
    expect(await commission()).toBe(200n);
    expect(await resettlements(market.id)).toBe(2);
    // Each earlier settlement's win, loss and commission reversed once: 3 + 3 reversals.
    expect(
      await count("SELECT count(*) AS n FROM transfers WHERE kind = 'REVERSAL' AND reference = $1", [
        `market:${market.id}`,
      ]),
    ).toBe(6);
    expect((await x.bets(alice.auth, '?status=settled'))[0]).toMatchObject({ profit: '100.00' });
  });

  it('settles a voided market on a winner', async () => {
    const { x } = app;
    const market = await x.market();
    const alice = await x.player();
    const bob = await x.player();
    const bet = { marketId: market.id, runnerId: market.runners[0]!.id, price: 3, stake: '100' };
    await x.place(bob.auth, { ...bet, side: 'LAY' });
    await x.place(alice.auth, { ...bet, side: 'BACK' });
    const url = `/api/admin/markets/${encodeURIComponent(market.id)}/void`;
    expect((await x.admin_('POST', url, x.admin, { reason: 'Abandoned, wrongly.' })).json().status).toBe(
      'VOID',
    );
    const answer = await resettle(market.id, {
      winnerRunnerId: market.runners[1]!.id,
      reason: 'It was played.',
    });
    expect(answer.json().status).toBe('SETTLED');
    // Bob's lay at 3 wins Alice's 100, less 2%.
    expect(await x.balance(alice.auth)).toEqual({ balance: '900.00', exposure: '0.00' });
    expect(await x.balance(bob.auth)).toEqual({ balance: '1098.00', exposure: '0.00' });
    expect((await x.bets(alice.auth, '?status=settled'))[0]).toMatchObject({ status: 'SETTLED' });
  });

  it('re-settles a house line market on its corrected final value', async () => {
    const { x, ctx } = app;
    const beside = await x.market();
    const id = await addHouseMarket(
      ctx,
      beside,
      'FANCY',
      [
        ['yes', 500_000],
        ['no', 500_000],
      ],
      { line: 45 },
    );
    const alice = await x.player();
    await x.place(alice.auth, { marketId: id, runnerId: 'yes', side: 'BACK', price: 1.94, stake: '100' });
    expect((await x.settleLine(id, { result: 50 })).statusCode).toBe(200);
    expect(await x.balance(alice.auth)).toEqual({ balance: '1094.00', exposure: '0.00' });
    expect((await resettle(id, { winnerRunnerId: 'yes', reason: 'x' })).json().code).toBe('RESULT_REQUIRED');
    expect((await resettle(id, { result: 40, reason: 'Scorer corrected the over.' })).statusCode).toBe(200);
    expect(await x.balance(alice.auth)).toEqual({ balance: '900.00', exposure: '0.00' });
    expect((await x.bets(alice.auth, '?status=settled'))[0]).toMatchObject({ profit: '-100.00' });
  });

  it('takes a player who spent the winnings below zero by the shortfall, until money comes back', async () => {
    const { x, ctx } = app;
    const { market, home, away, alice, bob } = await settledEvens(0);
    const desk = cashDeskClient(ctx, x.admin);
    expect((await desk.withdraw(alice.id, { amount: '1000', remark: 'paid out' })).statusCode).toBe(200);
    const answer = await resettle(market.id, { winnerRunnerId: away, reason: 'Wrong runner keyed.' });
    expect(answer.statusCode).toBe(200);
    // 98 of winnings taken back from 98 left, then the stake of 100 lost: 100 short.
    expect(await x.balance(alice.auth)).toEqual({ balance: '-100.00', exposure: '0.00' });
    expect(await x.balance(bob.auth)).toEqual({ balance: '1098.00', exposure: '0.00' });
    expect(await overdrafts(alice.id, bob.id)).toEqual([10_000n, 0n]);
    expect(await auditLedger(ctx.deps.db)).toEqual([]);
    expect((await x.bets(alice.auth, '?status=settled'))[0]).toMatchObject({ profit: '-100.00' });
    const page = await x.admin_('GET', `/api/admin/players/${alice.id}`, x.admin);
    expect(page.json()).toMatchObject({ balance: '-100.00', exposure: '0.00' });

    // Below zero, the player can neither stake nor be paid out.
    const other = await x.market(['Home', 'Away'], false, { minStake: '1' });
    const stake = { marketId: other.id, runnerId: other.runners[0]!.id, side: 'BACK', price: 2, stake: '10' };
    const refused = await x.place(alice.auth, stake);
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    const payout = await desk.withdraw(alice.id, { amount: '0.01', remark: 'x' });
    expect([payout.statusCode, payout.json().code]).toEqual([422, 'INSUFFICIENT_FUNDS']);

    // A deposit is never refused; back above zero she stakes again, but her overdraft is no credit.
    expect((await desk.deposit(alice.id, { amount: '150', remark: 'settles the debt' })).statusCode).toBe(
      200,
    );
    expect(await x.balance(alice.auth)).toEqual({ balance: '50.00', exposure: '0.00' });
    const over = await desk.withdraw(alice.id, { amount: '50.01', remark: 'x' });
    expect(over.json().code).toBe('INSUFFICIENT_FUNDS');
    expect((await x.place(alice.auth, { ...stake, stake: '60' })).json().code).toBe('INSUFFICIENT_FUNDS');
    expect((await x.place(alice.auth, stake)).statusCode).toBe(201);
    expect(await x.balance(alice.auth)).toEqual({ balance: '40.00', exposure: '10.00' });

    // Settled back to the first outcome, her winnings return and the overdraft goes with the debt.
    expect(
      (await resettle(market.id, { winnerRunnerId: home, reason: 'Stewards reversed it.' })).statusCode,
    ).toBe(200);
    expect(await x.balance(alice.auth)).toEqual({ balance: '238.00', exposure: '10.00' });
    expect(await overdrafts(alice.id)).toEqual([0n]);
  });

  it('refuses unknown markets, markets not settled and bad bodies, writing nothing', async () => {
    const { x } = app;
    const market = await x.market();
    const runnerId = market.runners[0]!.id;
    const posted = await transfers();
    const cases: [string, object | undefined, number, string][] = [
      ['no-such-event.match-odds', { winnerRunnerId: 'r1', reason: 'x' }, 404, 'UNKNOWN_MARKET'],
      [market.id, { winnerRunnerId: runnerId, reason: 'x' }, 409, 'MARKET_NOT_SETTLED'],
      [market.id, { winnerRunnerId: 'r9', reason: 'x' }, 404, 'UNKNOWN_RUNNER'],
      [market.id, { result: 40, reason: 'x' }, 400, 'WINNER_REQUIRED'],
      [market.id, { winnerRunnerId: runnerId }, 400, 'INVALID_REQUEST'],
      [market.id, { winnerRunnerId: runnerId, reason: ' ' }, 400, 'INVALID_REQUEST'],
      [market.id, { winnerRunnerId: runnerId, reason: 'x'.repeat(501) }, 400, 'INVALID_REQUEST'],
      [market.id, { winnerRunnerId: runnerId, result: 3, reason: 'x' }, 400, 'INVALID_REQUEST'],
      [market.id, undefined, 400, 'INVALID_REQUEST'],
    ];
    for (const [id, body, status, code] of cases) {
      const answer = await resettle(id, body);
      expect([answer.statusCode, answer.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    // Closed with a result but not settled yet is not settled either.
    await app.ctx.deps.db.query(`UPDATE markets SET status = 'CLOSED' WHERE id = $1`, [market.id]);
    expect((await resettle(market.id, { winnerRunnerId: runnerId, reason: 'x' })).json().code).toBe(
      'MARKET_NOT_SETTLED',
    );
    expect(await transfers()).toBe(posted);
    expect(await resettlements(market.id)).toBe(0);
  });
});
