import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../test/test-app.ts';
import { demoPlayer, launchToken, walletCall } from './casino-test-kit.ts';

let ctx: TestContext;
let me: Awaited<ReturnType<typeof demoPlayer>>;
const AVIATOR = 22001;

/** Four rounds of Aviator: open, won, lost, rolled back; and one bet of another player. */
beforeAll(async () => {
  ctx = await startTestApp();
  me = await demoPlayer(ctx);
  const token = await launchToken(ctx, me.user.id);
  const call = (kind: 'bet' | 'win' | 'rollback', id: string, round: string, amount: string, ref?: string) =>
    walletCall(ctx, kind, {
      token,
      transactionId: id,
      roundId: round,
      gameId: AVIATOR,
      amount,
      ...(ref ? { referenceTransactionId: ref } : {}),
    });
  await call('bet', 'b-open', 'round-1', '10');
  await call('bet', 'b-won', 'round-2', '20');
  await call('win', 'w-won', 'round-2', '55.50', 'b-won');
  await call('bet', 'b-lost', 'round-3', '30');
  await call('win', 'w-lost', 'round-3', '0', 'b-lost');
  await call('bet', 'b-back', 'round-4', '40');
  await call('rollback', 'r-back', 'round-4', '40', 'b-back');
  const other = await demoPlayer(ctx);
  const otherToken = await launchToken(ctx, other.user.id);
  await walletCall(ctx, 'bet', {
    token: otherToken,
    transactionId: 'b-other',
    roundId: 'x',
    gameId: AVIATOR,
    amount: '1',
  });
});
afterAll(() => ctx.close());

const bets = (query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/casino/bets${query}`, headers: me.bearer });

describe('GET /api/casino/bets', () => {
  it("lists the player's own bets, newest first, with each round's outcome", async () => {
    const response = await bets();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(4);
    expect(
      body.items.map((bet: { id: string; status: string; win: string }) => [bet.id, bet.status, bet.win]),
    ).toEqual([
      ['b-back', 'ROLLED_BACK', '0.00'],
      ['b-lost', 'LOST', '0.00'],
      ['b-won', 'WON', '55.50'],
      ['b-open', 'OPEN', '0.00'],
    ]);
    expect(body.items[2]).toEqual({
      id: 'b-won',
      gameId: String(AVIATOR),
      gameName: 'Aviator',
      roundId: 'round-2',
      stake: '20.00',
      win: '55.50',
      status: 'WON',
      placedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('pages by 10, 20 or 50 and refuses other sizes', async () => {
    expect((await bets('?pageSize=10&page=2')).json()).toEqual({ items: [], total: 4 });
    expect((await bets('?pageSize=20')).json().items).toHaveLength(4);
    expect((await bets('?pageSize=15')).statusCode).toBe(400);
  });

  it('searches by game name, round id or transaction id', async () => {
    expect((await bets('?search=aviat')).json().total).toBe(4);
    expect((await bets('?search=round-3')).json().items.map((bet: { id: string }) => bet.id)).toEqual([
      'b-lost',
    ]);
    expect((await bets('?search=b-op')).json().total).toBe(1);
    expect((await bets('?search=plinko')).json().total).toBe(0);
    expect((await bets('?search=%25')).json().total).toBe(0);
  });

  it('needs a signed-in player', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/casino/bets' })).statusCode).toBe(401);
  });

  it('files the movements under Casino on the Account Statement, with readable remarks', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/reports/statement?type=casino&pageSize=20',
      headers: me.bearer,
    });
    const remarks = response.json().items.map((row: { remark: string }) => row.remark);
    expect(remarks).toEqual([
      'Aviator · round round-4: bet rolled back',
      'Aviator · round round-4: bet',
      'Aviator · round round-3: bet',
      'Aviator · round round-2: win',
      'Aviator · round round-2: bet',
      'Aviator · round round-1: bet',
    ]);
  });
});
