import { bearer, loginAs, type TestContext } from './test-app.ts';

/** What a program sends on every trading API call: its app key and its session. */
export type TradingApiHeaders = { 'x-application': string; 'x-authentication': string };

/**
 * The trading API as a Betfair client calls it (docs/decisions/0255): an app key the player made on the
 * portal, a session from the identity login, then API-NG calls over JSON-RPC.
 */
export function tradingApiClient(ctx: TestContext) {
  return {
    /**
     * A player's app key (made on the portal, with `auth` or a new portal session) and trading API
     * session, signed in with the portal's test password.
     */
    async signIn(email: string, auth?: Record<string, string>): Promise<TradingApiHeaders> {
      const password = 'secret1';
      auth ??= bearer(await loginAs(ctx.app, email, password));
      const key = await ctx.app.inject({
        method: 'POST',
        url: '/api/me/app-keys',
        headers: auth,
        payload: { name: 'bot' },
      });
      const appKey = key.json<{ appKey: string }>().appKey;
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/betfair/identity/login',
        headers: {
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
          'x-application': appKey,
        },
        payload: new URLSearchParams({ username: email, password }).toString(),
      });
      const token = login.json<{ token: string }>().token;
      return { 'x-application': appKey, 'x-authentication': token };
    },

    /**
     * A market's Betfair id and its first runner's selection id as a program finds them: the market's
     * event (read on the console with `admin`) by its name in the trading API's catalogue.
     */
    async marketOf(admin: Record<string, string>, marketId: string, headers: Record<string, string>) {
      const url = `/api/admin/markets/${encodeURIComponent(marketId)}`;
      const detail = await ctx.app.inject({ method: 'GET', url, headers: admin });
      const answer = await this.call(headers, 'listMarketCatalogue', {
        filter: { textQuery: detail.json<{ eventName: string }>().eventName },
        marketProjection: ['RUNNER_DESCRIPTION'],
        maxResults: 1,
      });
      const [market] = answer.result as { marketId: string; runners: { selectionId: number }[] }[];
      if (!market?.runners[0]) throw new Error(`${marketId} is not on the API: ${JSON.stringify(answer)}`);
      return { marketId: market.marketId, selectionId: market.runners[0].selectionId };
    },

    /** A LIMIT back of `size` at 2.0 that lapses at the off, alone in its placeOrders: what it came to. */
    async placeBack(
      headers: Record<string, string>,
      market: { marketId: string; selectionId: number },
      size: number,
    ): Promise<string> {
      const { marketId, selectionId } = market;
      const limitOrder = { size, price: 2, persistenceType: 'LAPSE' };
      const instruction = { selectionId, side: 'BACK', orderType: 'LIMIT', limitOrder };
      return placeOrdersOutcome(
        await this.call(headers, 'placeOrders', { marketId, instructions: [instruction] }),
      );
    },

    /** One betting operation over JSON-RPC: the JSON-RPC answer, its `result` or its `error`. */
    async call(headers: Record<string, string>, operation: string, params: object) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/betfair/exchange/betting/json-rpc/v1',
        headers: { 'content-type': 'application/json', ...headers },
        payload: { jsonrpc: '2.0', method: `SportsAPING/v1.0/${operation}`, params, id: 1 },
      });
      if (response.statusCode !== 200) throw new Error(`${operation}: HTTP ${response.statusCode}`);
      return response.json<{
        result?: unknown;
        error?: { data?: { APINGException?: { errorCode?: string } } };
      }>();
    },
  };
}
export type TradingApiClient = ReturnType<typeof tradingApiClient>;

type CallAnswer = Awaited<ReturnType<TradingApiClient['call']>>;
type PlaceReport = { status: string; errorCode?: string; instructionReports: { errorCode?: string }[] };

/**
 * What a one-instruction placeOrders came to: ADMITTED when it went through; else the API's exception,
 * the order's error code, or, when the order says only that its instruction failed, the instruction's.
 */
function placeOrdersOutcome(answer: CallAnswer): string {
  if (answer.error) return answer.error.data?.APINGException?.errorCode ?? 'NO_ERROR_CODE';
  const report = answer.result as PlaceReport;
  if (report.status === 'SUCCESS') return 'ADMITTED';
  if (report.errorCode !== 'BET_ACTION_ERROR') return report.errorCode ?? 'NO_ERROR_CODE';
  return report.instructionReports[0]?.errorCode ?? 'NO_ERROR_CODE';
}
