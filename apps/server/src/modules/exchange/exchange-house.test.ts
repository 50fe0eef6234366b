import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addHouseMarket, syncMarket } from '../../test/house-market.ts';
import { startTestApp, type TestContext } from '../../test/test-app.ts';
import { auditLedger } from '../wallet/index.ts';
import { exchangeClient } from './testing/exchange-client.ts';

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

/** A house market beside an operator event, as the feed would write it, with the exchange in line. */
const houseMarket = async (type: string, runners: [string, number][], line: object | null) =>
  addHouseMarket(ctx, await x.market(), type, runners, line);

const sync = (marketId: string) => syncMarket(ctx, marketId);

async function result(marketId: string, kind: 'WINNER' | 'LINE', value: string | number) {
  await ctx.deps.db.query(
    `INSERT INTO market_results (market_id, kind, winner_runner_id, line_result, decided_at) VALUES ($1, $2, $3, $4, now())`,
    [marketId, kind, kind === 'WINNER' ? value : null, kind === 'LINE' ? value : null],
  );
  await ctx.deps.db.query(`UPDATE markets SET status = 'CLOSED' WHERE id = $1`, [marketId]);
  await sync(marketId);
}

/** A Yes/No fancy line at 45 runs with even chances. */
const evenFancyAt45 = () =>
  houseMarket(
    'FANCY',
    [
      ['yes', 500_000],
      ['no', 500_000],
    ],
    { line: 45 },
  );

describe('house-priced markets', () => {
  it('quotes a fancy line and takes Yes and No against the house, settling on the final runs', async () => {
    const id = await evenFancyAt45();
    const view = await x.marketView(id);
    // Even chances with the house margin: 1.94 to back either side.
    expect(view.runners[0].back).toEqual([{ price: 1.94, size: '25000.00' }]);
    const alice = await x.player();
    const yes = await x.place(alice.auth, {
      marketId: id,
      runnerId: 'yes',
      side: 'BACK',
      price: 1.94,
      stake: '100',
    });
    expect(yes.json().bet).toMatchObject({ status: 'MATCHED', matched: '100.00' });
    const bob = await x.player();
    // "No" as a lay of Yes is the same bet as a back of No.
    const no = await x.place(bob.auth, {
      marketId: id,
      runnerId: 'yes',
      side: 'LAY',
      price: 1.94,
      stake: '100',
    });
    expect(no.json().bet).toMatchObject({ runnerId: 'no', side: 'BACK', status: 'MATCHED' });
    const tooHigh = await x.place(alice.auth, {
      marketId: id,
      runnerId: 'yes',
      side: 'BACK',
      price: 2.5,
      stake: '100',
    });
    expect(tooHigh.json().code).toBe('ODDS_CHANGED');
    expect(await x.balance(alice.auth)).toEqual({ balance: '900.00', exposure: '100.00' });
    await result(id, 'LINE', 47);
    // 47 runs ≥ 45: Yes wins 94; No loses its 100.
    expect(await x.balance(alice.auth)).toEqual({ balance: '1094.00', exposure: '0.00' });
    expect(await x.balance(bob.auth)).toEqual({ balance: '900.00', exposure: '0.00' });
    expect((await x.bets(alice.auth, '?status=settled'))[0]).toMatchObject({
      status: 'SETTLED',
      profit: '94.00',
    });
  });

  it('settles a line market on the final value the operator sends as {result}', async () => {
    const id = await evenFancyAt45();
    const alice = await x.player();
    const placed = await x.place(alice.auth, {
      marketId: id,
      runnerId: 'yes',
      side: 'BACK',
      price: 1.94,
      stake: '100',
    });
    expect(placed.statusCode).toBe(201);
    const wrongForm = await x.settleLine(id, { winnerRunnerId: 'yes' });
    expect(wrongForm.statusCode).toBe(400);
    expect(wrongForm.json().code).toBe('RESULT_REQUIRED');
    const negative = await x.settleLine(id, { result: -1 });
    expect(negative.statusCode).toBe(400);
    expect(await x.balance(alice.auth)).toEqual({ balance: '900.00', exposure: '100.00' });
    const settled = await x.settleLine(id, { result: 44 });
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({ id, status: 'SETTLED' });
    // 44 runs < 45: Yes loses its 100.
    expect(await x.balance(alice.auth)).toEqual({ balance: '900.00', exposure: '0.00' });
  });

  it('refuses a final value for a runner market: it settles on a winner', async () => {
    const market = await x.market();
    const refused = await x.settleLine(market.id, { result: 3 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('WINNER_REQUIRED');
  });

  it('takes back and lay on the bookmaker at the house rates and settles on the winner', async () => {
    const id = await houseMarket(
      'BOOKMAKER',
      [
        ['home', 600_000],
        ['away', 400_000],
      ],
      null,
    );
    const view = await x.marketView(id);
    const home = view.runners[0];
    expect(home.back[0].price).toBeLessThan(home.lay[0].price);
    const alice = await x.player();
    const back = await x.place(alice.auth, {
      marketId: id,
      runnerId: 'home',
      side: 'BACK',
      price: home.back[0].price,
      stake: '200',
    });
    expect(back.statusCode).toBe(201);
    const lay = await x.place(alice.auth, {
      marketId: id,
      runnerId: 'away',
      side: 'LAY',
      price: view.runners[1].lay[0].price,
      stake: '100',
    });
    expect(lay.statusCode).toBe(201);
    await result(id, 'WINNER', 'home');
    const won = (await x.bets(alice.auth, '?status=settled')).reduce(
      (sum, bet) => sum + Number(bet.profit),
      0,
    );
    const balance = Number((await x.balance(alice.auth)).balance);
    expect(balance).toBeCloseTo(1000 + won, 2);
    expect(won).toBeGreaterThan(100);
  });
});
