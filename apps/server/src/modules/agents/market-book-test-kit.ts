import { expect } from 'vitest';
import { createOperatorMarket } from '../../test/operator-market.ts';
import type { TestContext } from '../../test/test-app.ts';
import { agentsClient, placeBet, signInAgent, type AgentsClient } from './agents-test-kit.ts';

type Headers = Record<string, string>;

/** The runners' [subtreeIfWins, ownShareIfWins] of a market book answered 200 (`query` as `?accountId=…`). */
export async function bookFigures(ctx: TestContext, headers: Headers, marketId: string, query = '') {
  const url = `/api/admin/markets/${encodeURIComponent(marketId)}/book${query}`;
  const answer = await ctx.app.inject({ url, headers });
  expect(answer.statusCode, answer.body).toBe(200);
  const runners = answer.json<{ runners: { subtreeIfWins: string; ownShareIfWins: string }[] }>().runners;
  return runners.map((runner) => [runner.subtreeIfWins, runner.ownShareIfWins]);
}

/**
 * A Home/Draw/Away market where each backer backs its runner (0, 1, 2) at its price and stake and
 * `layer` (a player of the house) lays each bet, all matched.
 */
export async function matchedMarket(
  ctx: TestContext,
  ownerHeaders: Headers,
  layer: Headers,
  backs: (readonly [Headers, number, number, string])[],
) {
  const market = await createOperatorMarket(ctx, ownerHeaders, {
    runners: ['Home', 'Draw', 'Away'],
    minStake: '1',
  });
  for (const [backer, runner, price, stake] of backs) {
    const order = { marketId: market.id, runnerId: market.runners[runner]!.id, price, stake };
    await placeBet(ctx, backer, { ...order, side: 'BACK' });
    await placeBet(ctx, layer, { ...order, side: 'LAY' });
  }
  await ctx.deps.exchange.idle();
  return market;
}

/** An admin at 80 %, its master at 60 % and the master's agent at 40 %, each signed in. */
export async function fortySixtyEighty(ctx: TestContext, owner: AgentsClient) {
  const admin = await owner.createOk({ sharePercent: 80, openingChips: 5_000 });
  const asAdmin = await signInAgent(ctx, admin);
  const master = await agentsClient(ctx, asAdmin).createOk({ sharePercent: 60, openingChips: 4_000 });
  const asMaster = await signInAgent(ctx, master);
  const agent = await agentsClient(ctx, asMaster).createOk({ sharePercent: 40, openingChips: 3_000 });
  return { admin, asAdmin, master, asMaster, agent, asAgent: await signInAgent(ctx, agent) };
}
