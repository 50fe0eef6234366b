import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let player: Record<string, string>;
let playerId: string;

beforeAll(async () => {
  ctx = await startTestApp();
  const admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/players',
    headers: admin,
    payload: { email: 'statement@test.local', password: 'secret1', name: 'S', openingCredit: '100' },
  });
  playerId = created.json().player.id;
  const desk = (kind: string, amount: string, remark: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/players/${playerId}/${kind}`,
      headers: admin,
      payload: { amount, remark },
    });
  for (let i = 1; i <= 12; i += 1) await desk('deposit', `${i}`, `top-up ${i}`);
  await desk('withdraw', '50', 'cash out 50%');
  const wallet = ctx.deps.wallet;
  await wallet.execute({
    op: 'reserveHold',
    idempotencyKey: 's-h1',
    holdId: 's-hold',
    playerId,
    amountMinor: 2_000n,
    remark: 'India v Australia',
    reference: 'market-1',
  });
  await wallet.execute({ op: 'voidHold', idempotencyKey: 's-h2', holdId: 's-hold', remark: 'Market void' });
  await wallet.execute({
    op: 'transfer',
    idempotencyKey: 's-c1',
    debitAccountId: `cash:${playerId}`,
    creditAccountId: 'casino-clearing',
    amountMinor: 500n,
    kind: 'CASINO_BET',
    remark: 'Teen Patti round 7',
    reference: 'casino:tp-7',
  });
  player = bearer(await loginAs(ctx.app, 'statement@test.local', 'secret1'));
});
afterAll(() => ctx.close());

const statement = (query: string, headers = player) =>
  ctx.app.inject({ method: 'GET', url: `/api/reports/statement${query}`, headers });

describe('GET /api/reports/statement', () => {
  it('lists the last 7 days newest first with credit, debit and the balance after each row', async () => {
    const response = await statement('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 17, page: 1, pageSize: 10 });
    const today = new Date().toISOString().slice(0, 10);
    expect(body.to).toBe(today);
    expect(body.items.slice(0, 4)).toMatchObject([
      { srNo: 1, credit: '0.00', debit: '5.00', pts: '123.00', remark: 'Teen Patti round 7' },
      { srNo: 2, credit: '20.00', debit: '0.00', pts: '128.00', remark: 'Exposure released: Market void' },
      { srNo: 3, credit: '0.00', debit: '20.00', pts: '108.00', remark: 'Exposure held: India v Australia' },
      { srNo: 4, credit: '0.00', debit: '50.00', pts: '128.00', remark: 'cash out 50%' },
    ]);
    expect(body.items[0].date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('keeps running balances and serial numbers right across pages', async () => {
    const all = (await statement('?pageSize=50')).json().items;
    const second = (await statement('?pageSize=10&page=2')).json();
    expect(second.items).toEqual(all.slice(10, 20));
    expect(second.items.at(-1)).toMatchObject({
      srNo: 17,
      credit: '100.00',
      pts: '100.00',
      remark: 'Opening credit',
    });
    for (let i = 0; i + 1 < all.length; i += 1) {
      const [newer, older] = [all[i], all[i + 1]];
      const delta = Number(newer.credit) - Number(newer.debit);
      expect(Number(older.pts) + delta).toBeCloseTo(Number(newer.pts), 2);
    }
  });

  it('filters by type and searches remarks (wildcards taken literally)', async () => {
    expect((await statement('?type=deposit_withdraw')).json().total).toBe(14);
    expect((await statement('?type=sports')).json().total).toBe(2);
    expect((await statement('?type=casino')).json().items).toHaveLength(1);
    const search = (await statement('?search=50%25')).json();
    expect(search.items.map((row: { remark: string }) => row.remark)).toEqual(['cash out 50%']);
    expect((await statement('?search=TOP-UP 1')).json().total).toBe(4);
  });

  it('answers an empty page for a range without movements and for other players', async () => {
    expect((await statement('?from=2020-01-01&to=2020-01-31')).json()).toMatchObject({ items: [], total: 0 });
    const admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
    expect((await statement('', admin)).json().total).toBe(0);
  });

  it.each([
    ['?pageSize=15', /10, 20 or 50/],
    ['?type=bets', /type/],
    ['?from=2024-02-30', /not a calendar date/],
    ['?from=31-01-2024', /date like/],
    ['?from=2024-02-01&to=2024-01-01', /must not be after/],
    ['?from=2022-01-01&to=2024-01-01', /at most 366 days/],
    ['?page=0', /page/],
  ])('answers 400 for %s', async (query, message) => {
    const response = await statement(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('needs a signed-in user', async () => {
    expect((await statement('', {})).statusCode).toBe(401);
  });
});
