import { randomUUID } from 'node:crypto';
import { cashDeskClient } from '../../../test/cash-desk-client.ts';
import { bearer, loginAs, TEST_ADMIN, type TestContext } from '../../../test/test-app.ts';
import { tradingApiClient } from '../../../test/trading-api-client.ts';

/** An answer's JSON as the tests read it. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Player = { id: string; auth: Record<string, string> };
export type Bot = Player & { api: Record<string, string> };

/**
 * What the trading API tests do: players with money through the cash desk, an operator's market with its
 * Betfair ids, portal bets and settlement, and a bot signed in to the trading API with its own app key.
 */
export async function tradingKit(ctx: TestContext) {
  const admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  const desk = cashDeskClient(ctx, admin);
  const api = tradingApiClient(ctx);
  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  async function player(): Promise<Player & { email: string }> {
    const email = `p-${randomUUID().slice(0, 8)}@test.local`;
    const id = await desk.createPlayer(email);
    await desk.deposit(id, { amount: '1000.00', remark: 'test' });
    return { id, email, auth: bearer(await loginAs(ctx.app, email, 'secret1')) };
  }

  return {
    player,
    /** A player with money, an app key and a trading API session: the headers a bot sends. */
    async bot(): Promise<Bot> {
      const one = await player();
      return { ...one, api: await api.signIn(one.email, one.auth) };
    },
    /** A market with runners Home and Away, stakes from 1.00, and its Betfair ids. */
    async market() {
      const created = await inject('POST', '/api/admin/events', admin, {
        sport: 'politics',
        competition: 'Specials',
        name: `Event ${randomUUID().slice(0, 6)}`,
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
        markets: [{ type: 'MATCH_ODDS', runners: ['Home', 'Away'], marketMaker: false, minStake: '1' }],
      });
      if (created.statusCode !== 201) throw new Error(created.body);
      const market = created.json<{ markets: { id: string; runners: { id: string }[] }[] }>().markets[0]!;
      const ids = await ctx.deps.db.query<{ market: string; runner: string }>(
        `SELECT m.bf_id::text AS market, r.bf_id::text AS runner
           FROM markets m JOIN runners r ON r.market_id = m.id WHERE m.id = $1 ORDER BY r.sort_order`,
        [market.id],
      );
      return {
        ...market,
        bfId: `1.${ids[0]!.market}`,
        home: Number(ids[0]!.runner),
        away: Number(ids[1]!.runner),
      };
    },
    /** A bet through the portal's own API (`body` as POST /api/bets takes it). */
    place: (auth: Record<string, string>, body: object) =>
      inject('POST', '/api/bets', auth, { persistence: 'LAPSE', clientRef: randomUUID(), ...body }),
    settle: (marketId: string, winnerRunnerId: string) =>
      inject('POST', `/api/admin/markets/${encodeURIComponent(marketId)}/settle`, admin, { winnerRunnerId }),
    bets: async (auth: Record<string, string>, query = '') =>
      (await inject('GET', `/api/bets${query}`, auth)).json<{
        bets: { id: string; profit?: string | null }[];
      }>().bets,
    /** One API-NG betting call as JSON-RPC; its result, or a thrown error. */
    async call(who: { api: Record<string, string> }, operation: string, params: object): Promise<Json> {
      const body = await api.call(who.api, operation, params);
      if (body.error) throw new Error(JSON.stringify(body.error));
      return body.result as Json;
    },
  };
}

export type TradingKit = Awaited<ReturnType<typeof tradingKit>>;
export type TradedMarket = Awaited<ReturnType<TradingKit['market']>>;

/** A LIMIT place instruction. */
export const limit = (
  selectionId: number,
  side: 'BACK' | 'LAY',
  price: number,
  size: number,
  more: object = {},
) => ({
  selectionId,
  side,
  orderType: 'LIMIT',
  limitOrder: { size, price, persistenceType: 'LAPSE', ...more },
});

export const BETFAIR_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
