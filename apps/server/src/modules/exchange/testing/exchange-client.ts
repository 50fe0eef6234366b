import { randomUUID } from 'node:crypto';
import type { TestContext } from '../../../test/test-app.ts';
import { TEST_ADMIN, bearer, loginAs } from '../../../test/test-app.ts';
import { cashDeskClient } from '../../../test/cash-desk-client.ts';

/** What the exchange tests do through HTTP: players with money, a custom market, bets. */
export async function exchangeClient(ctx: TestContext) {
  const adminToken = await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
  const admin = bearer(adminToken);
  const desk = cashDeskClient(ctx, admin);
  const inject = (
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return {
    admin,
    async player(depositAmount = '1000.00') {
      const email = `p-${randomUUID().slice(0, 8)}@test.local`;
      const id = await desk.createPlayer(email);
      if (depositAmount !== '0') await desk.deposit(id, { amount: depositAmount, remark: 'test' });
      return { id, auth: bearer(await loginAs(ctx.app, email, 'secret1')) };
    },
    /** `terms`: more fields of the market in the create body (minStake, maxStake). */
    async market(runners = ['Home', 'Away'], marketMaker = false, terms: object = {}) {
      const created = await inject('POST', '/api/admin/events', admin, {
        sport: 'politics',
        competition: 'Specials',
        name: `Event ${randomUUID().slice(0, 6)}`,
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
        markets: [{ type: 'MATCH_ODDS', runners, marketMaker, ...terms }],
      });
      if (created.statusCode !== 201) throw new Error(created.body);
      await ctx.deps.exchange.idle();
      return created.json<{ markets: { id: string; runners: { id: string }[] }[] }>().markets[0]!;
    },
    place: (auth: Record<string, string>, body: object) =>
      inject('POST', '/api/bets', auth, { persistence: 'LAPSE', clientRef: randomUUID(), ...body }),
    cancel: (auth: Record<string, string>, betId: string) => inject('DELETE', `/api/bets/${betId}`, auth),
    balance: async (auth: Record<string, string>) =>
      (await inject('GET', '/api/me/balance', auth)).json<{ balance: string; exposure: string }>(),
    bets: async (auth: Record<string, string>, query = '') =>
      (await inject('GET', `/api/bets${query}`, auth)).json<{
        bets: { id: string; status: string; profit?: string | null }[];
      }>().bets,
    marketView: async (marketId: string) =>
      (await inject('GET', `/api/markets/${encodeURIComponent(marketId)}`, admin)).json(),
    settle: (marketId: string, winnerRunnerId: string) =>
      inject('POST', `/api/admin/markets/${encodeURIComponent(marketId)}/settle`, admin, { winnerRunnerId }),
    settleLine: (marketId: string, body: object) =>
      inject('POST', `/api/admin/markets/${encodeURIComponent(marketId)}/settle`, admin, body),
    admin_: inject,
  };
}
