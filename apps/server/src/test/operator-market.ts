import { randomUUID } from 'node:crypto';
import type { TestContext } from './test-app.ts';

export type OperatorMarket = { id: string; runners: { id: string }[] };

/**
 * A two-runner market on a fresh operator event, without the market maker (its book starts empty).
 * `options`: more of the market's settings (e.g. `minStake`).
 */
export async function createOperatorMarket(
  ctx: TestContext,
  admin: Record<string, string>,
  options: Record<string, unknown> = {},
): Promise<OperatorMarket> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/events',
    headers: admin,
    payload: {
      sport: 'politics',
      competition: 'Specials',
      name: `Event ${randomUUID().slice(0, 6)}`,
      startTime: new Date(Date.now() + 86_400_000).toISOString(),
      markets: [{ type: 'MATCH_ODDS', runners: ['Home', 'Away'], marketMaker: false, ...options }],
    },
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  return created.json<{ markets: OperatorMarket[] }>().markets[0]!;
}

/** `POST /api/bets` of a persisting order on the market's first runner, answered as it came. */
export function postBet(
  ctx: TestContext,
  headers: Record<string, string>,
  market: OperatorMarket,
  order: { side: string; price: number; stake: string },
) {
  const payload = {
    marketId: market.id,
    runnerId: market.runners[0]!.id,
    ...order,
    persistence: 'PERSIST',
    clientRef: randomUUID(),
  };
  return ctx.app.inject({ method: 'POST', url: '/api/bets', headers, payload });
}
