import { describe, expect, it } from 'vitest';
import { playerOf, useAgentsTest } from './agents-test-kit.ts';
import { agentSums } from './market-book-service.ts';
import { bookFigures, fortySixtyEighty, matchedMarket } from './market-book-test-kit.ts';

/** The caller's part of a lower agent's market book (docs/decisions/0316, as 0313 for the P/L). */

const t = useAgentsTest();
type Headers = Record<string, string>;

const figures = (headers: Headers, marketId: string, accountId?: string) =>
  bookFigures(t.ctx, headers, marketId, accountId ? `?accountId=${accountId}` : '');

/**
 * Admin 80 %, master 60 %, agent 40 %; the agent's players back 1,000.00 at 3 on Home and 10.03 at 2 on
 * Draw, the master's own player 7.00 at 4 on Away; a player of the house lays each.
 */
async function chain() {
  const { admin, asAdmin, master, asMaster, agent, asAgent } = await fortySixtyEighty(t.ctx, t.owner);
  const p1 = (await playerOf(t.ctx, asAgent, '1500')).headers;
  const p2 = (await playerOf(t.ctx, asAgent, '100')).headers;
  const p3 = (await playerOf(t.ctx, asMaster, '100')).headers;
  const house = (await playerOf(t.ctx, t.ownerHeaders, '5000')).headers;
  const market = await matchedMarket(t.ctx, t.ownerHeaders, house, [
    [p1, 0, 3, '1000'],
    [p2, 1, 2, '10.03'],
    [p3, 2, 4, '7'],
  ]);
  return { admin, asAdmin, master, asMaster, agent, asAgent, marketId: market.id };
}

// p1: +2,000.00 / −1,000.00 / −1,000.00; p2: −10.03 / +10.03 / −10.03; p3: −7.00 / −7.00 / +21.00.
const AGENTS_PLAYERS = ['1989.97', '-989.97', '-1010.03'];
const MASTERS_PLAYERS = ['1982.97', '-996.97', '-989.03'];
const pair = (subtree: string[], own: string[]) => subtree.map((amount, index) => [amount, own[index]]);

describe('GET /api/admin/markets/:id/book?accountId= of a lower agent', () => {
  it("answers the caller's slice of each player's result, rounded as the transfers are", async () => {
    const { admin, asAdmin, master, asMaster, agent, asAgent, marketId } = await chain();

    // The agent's own 40 %: 10.03 × 40 % = 4.012, rounded toward zero.
    const agentsOwn = ['-795.99', '395.99', '404.01'];
    expect(await figures(asAgent, marketId)).toEqual(pair(AGENTS_PLAYERS, agentsOwn));
    // The master's 60 − 40 = 20 % of the agent's players (10.03 → 2.00), not the agent's 40 %.
    const twentyOfAgents = pair(AGENTS_PLAYERS, ['-398.00', '198.00', '202.00']);
    expect(await figures(asMaster, marketId, agent.id)).toEqual(twentyOfAgents);
    // Its own view adds its own player at 60 %.
    expect(await figures(asMaster, marketId)).toEqual(pair(MASTERS_PLAYERS, ['-393.80', '202.20', '189.40']));
    expect(await figures(asMaster, marketId, master.id)).toEqual(await figures(asMaster, marketId));
    // The admin's 80 − 60 = 20 % of the agent's players, and of the master's own player too.
    expect(await figures(asAdmin, marketId, agent.id)).toEqual(twentyOfAgents);
    expect(await figures(asAdmin, marketId, master.id)).toEqual(
      pair(MASTERS_PLAYERS, ['-396.60', '199.40', '197.80']),
    );
    // Staff: the house's 100 − 80 = 20 % and each remainder (10.03: 10.03 − 4.01 − 2.00 − 2.00 = 2.02).
    const housesOfAgents = ['-397.98', '197.98', '202.02'];
    expect(await figures(t.ownerHeaders, marketId, agent.id)).toEqual(pair(AGENTS_PLAYERS, housesOfAgents));
    expect(await figures(t.ownerHeaders, marketId, master.id)).toEqual(
      pair(MASTERS_PLAYERS, ['-396.58', '199.38', '197.82']),
    );
    expect(await figures(t.ownerHeaders, marketId, admin.id)).toEqual(
      await figures(t.ownerHeaders, marketId, master.id),
    );
    // The four parts of the agent's players add up to their result negated, to the minor unit.
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    const slices = [
      agentsOwn,
      ['-398.00', '198.00', '202.00'],
      ['-398.00', '198.00', '202.00'],
      housesOfAgents,
    ];
    AGENTS_PLAYERS.forEach((result, index) =>
      expect(slices.reduce((sum, slice) => sum + cents(slice[index]!), 0)).toBe(-cents(result)),
    );
  });

  it("reads the house's part the same by subtree as from every bettor", async () => {
    const { admin, master, agent, marketId } = await chain();
    const db = t.ctx.deps.db;
    for (const account of [admin, master, agent]) {
      const bySubtree = await agentSums(db, marketId, account.id, Infinity, 'house');
      expect(await agentSums(db, marketId, account.id, 0, 'house')).toEqual(bySubtree);
      const byCaller = await agentSums(db, marketId, account.id, Infinity, { part: 2_000 });
      expect(await agentSums(db, marketId, account.id, 0, { part: 2_000 })).toEqual(byCaller);
    }
    const ofAgent = await agentSums(db, marketId, agent.id, Infinity, 'house');
    expect(ofAgent?.own).toEqual([-39_798n, 19_798n, 20_202n]);
  });

  it('splits players with the same result as one, to the same minor unit as player by player', async () => {
    const { asMaster, agent, asAgent } = await fortySixtyEighty(t.ctx, t.owner);
    const twins = [
      (await playerOf(t.ctx, asAgent, '100')).headers,
      (await playerOf(t.ctx, asAgent, '100')).headers,
    ];
    const house = (await playerOf(t.ctx, t.ownerHeaders, '5000')).headers;
    const { id } = await matchedMarket(t.ctx, t.ownerHeaders, house, [
      [twins[0]!, 1, 2, '10.03'],
      [twins[1]!, 1, 2, '10.03'],
    ]);
    // Each −10.03 / +10.03 / −10.03: the agent 4.01, the master 2.00 and the house 2.02 of each.
    const results = ['-20.06', '20.06', '-20.06'];
    expect(await figures(asAgent, id)).toEqual(pair(results, ['8.02', '-8.02', '8.02']));
    expect(await figures(asMaster, id, agent.id)).toEqual(pair(results, ['4.00', '-4.00', '4.00']));
    expect(await figures(t.ownerHeaders, id, agent.id)).toEqual(pair(results, ['4.04', '-4.04', '4.04']));
  });
});
