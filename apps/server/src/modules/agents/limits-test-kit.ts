import { randomUUID } from 'node:crypto';
import type { Agent } from '@backlay/contracts';
import { tickOfDecimalOdds } from '@backlay/exchange';
import { expect } from 'vitest';
import type { OperatorMarket } from '../../test/operator-market.ts';
import type { TestContext } from '../../test/test-app.ts';
import { agentsClient, signInAgent, type AgentsClient } from './agents-test-kit.ts';

type Headers = Record<string, string>;
type Answer = { ok: true } | { ok: false; code: string; message?: string };

/** A suite's app with the owner signed in, filled before its tests run. */
export type LimitsSuite = { ctx: TestContext; ownerHeaders: Headers; owner: AgentsClient };

/**
 * The agent network whose limits and locks the admission gate judges (docs/decisions/0292, 0300): a
 * master with two child agents and a player under each, exchange backs that rest unmatched, and
 * operator events of a sport with several markets.
 */
export function limitsKit(suite: LimitsSuite) {
  /** A player with 1,500.00 of credit under `parent`, created by `headers`' caller. */
  async function playerUnder(headers: Headers, parent: Agent): Promise<string> {
    const email = `limits-${randomUUID().slice(0, 8)}@agents.local`;
    const payload = {
      email,
      password: 'player-password',
      name: 'Pat',
      parentId: parent.id,
      openingCredit: 1_500,
    };
    const created = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/players',
      headers,
      payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ player: { id: string } }>().player.id;
  }

  /**
   * A master with two child agents, `child` and `sibling`, each with a player: `player` is the master's
   * grandchild under `child`, `cousin` its grandchild under `sibling`.
   */
  async function family() {
    const { ctx, owner } = suite;
    const master = await owner.createOk({ sharePercent: 80, openingChips: 10_000 });
    const masterHeaders = await signInAgent(ctx, master);
    const asMaster = agentsClient(ctx, masterHeaders);
    const child = await asMaster.createOk({ sharePercent: 50, openingChips: 3_000 });
    const sibling = await asMaster.createOk({ sharePercent: 50, openingChips: 3_000 });
    return {
      master,
      asMaster,
      child,
      asChild: agentsClient(ctx, await signInAgent(ctx, child)),
      sibling,
      asSibling: agentsClient(ctx, await signInAgent(ctx, sibling)),
      player: await playerUnder(masterHeaders, child),
      cousin: await playerUnder(masterHeaders, sibling),
    };
  }

  /** A back of `stake` (major units) at 2.00 on the market's first runner that rests unmatched. */
  async function place(playerId: string, stake: number, on: OperatorMarket): Promise<Answer> {
    const tick = tickOfDecimalOdds('2.00');
    if (!tick.ok) throw new Error('no tick');
    return (await suite.ctx.deps.exchange.run(on.id, {
      type: 'place',
      playerId,
      betId: randomUUID(),
      clientRef: randomUUID(),
      runnerId: on.runners[0]!.id,
      stakeMinor: String(stake * 100),
      side: 'BACK',
      priceTick: tick.value,
      persistence: 'LAPSE',
      fingerprint: randomUUID(),
    })) as Answer;
  }

  /** The back's code, or ADMITTED. */
  async function back(playerId: string, stake: number, on: OperatorMarket): Promise<string> {
    const answer = await place(playerId, stake, on);
    return answer.ok ? 'ADMITTED' : answer.code;
  }

  /** A fresh operator event of `sport` with `count` two-runner markets, without the market maker. */
  async function event(sport: string, count = 1): Promise<{ eventId: string; markets: OperatorMarket[] }> {
    const market = { type: 'MATCH_ODDS', runners: ['Home', 'Away'], marketMaker: false, minStake: '1.00' };
    const created = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/events',
      headers: suite.ownerHeaders,
      payload: {
        sport,
        competition: 'Limits',
        name: `Event ${randomUUID().slice(0, 6)}`,
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
        markets: Array.from({ length: count }, () => market),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ eventId: string; markets: OperatorMarket[] }>();
  }

  return { family, place, back, event };
}

type Family = Awaited<ReturnType<ReturnType<typeof limitsKit>['family']>>;

/**
 * Callers of the family naming accounts outside their subtree: the sibling the child's player and the
 * child, the child its master and an account that does not exist. Each must get 404.
 */
export const outsideCalls = (family: Family): (readonly [AgentsClient, string])[] => [
  [family.asSibling, family.player],
  [family.asSibling, family.child.id],
  [family.asChild, family.master.id],
  [family.asChild, randomUUID()],
];
