import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOperatorMarket } from '../../test/operator-market.ts';
import { agentsClient, placeBet, playerOf, signInAgent, useAgentsTest } from './agents-test-kit.ts';
import { readDirectAgents } from './bettor-agents.ts';
import { agentPart, agentSums, housePart } from './market-book-service.ts';
import { bookFigures, fortySixtyEighty, matchedMarket } from './market-book-test-kit.ts';

/** The market's book per account of the tree (docs/decisions/0289). */

const t = useAgentsTest();
type Headers = Record<string, string>;

const player = async (headers: Headers, openingCredit: string) =>
  (await playerOf(t.ctx, headers, openingCredit)).headers;
const bet = (
  headers: Headers,
  marketId: string,
  runnerId: string,
  side: string,
  price: number,
  stake: string,
) => placeBet(t.ctx, headers, { marketId, runnerId, side, price, stake });

const book = (headers: Headers, marketId: string, query = '') =>
  t.ctx.app.inject({ url: `/api/admin/markets/${encodeURIComponent(marketId)}/book${query}`, headers });

const figures = (headers: Headers, marketId: string, query = '') =>
  bookFigures(t.ctx, headers, marketId, query);

describe('GET /api/admin/markets/:id/book', () => {
  it('splits a loss of 1,000.00 at shares 40/60/80 as 400.00, 200.00, 200.00 and 200.00', () => {
    // The chain's parts from the top: 80 − 60, 60 − 40 and the agent's own 40.
    const chain = [2_000n, 2_000n, 4_000n];
    const parts = [4_000, 2_000, 2_000].map((part) => agentPart(-100_000n, part));
    expect([...parts, housePart(-100_000n, chain)]).toEqual([40_000n, 20_000n, 20_000n, 20_000n]);
    // A loss of 10.03: the agents' parts round toward zero and the house keeps the remainder.
    expect([agentPart(-1_003n, 4_000), agentPart(-1_003n, 2_000), housePart(-1_003n, chain)]).toEqual([
      401n,
      200n,
      202n,
    ]);
  });

  it("gives each level its subtree's result if each runner wins and its own share, to the minor unit", async () => {
    const { asAdmin, master, asMaster, agent, asAgent } = await fortySixtyEighty(t.ctx, t.owner);
    const [p1, p2] = [await player(asAgent, '1500'), await player(asAgent, '100')];
    const house = await player(t.ownerHeaders, '5000');
    const market = await createOperatorMarket(t.ctx, t.ownerHeaders, {
      runners: ['Home', 'Draw', 'Away'],
      minStake: '1',
    });
    const [home, draw] = market.runners.map((runner) => runner.id) as [string, string, string];
    await bet(p1, market.id, home, 'BACK', 3, '1000');
    await bet(house, market.id, home, 'LAY', 3, '1000');
    await bet(p2, market.id, draw, 'BACK', 2, '10.03');
    await bet(house, market.id, draw, 'LAY', 2, '10.03');
    await t.ctx.deps.exchange.idle();

    // p1: +2,000.00 / −1,000.00 / −1,000.00; p2: −10.03 / +10.03 / −10.03.
    const subtree = ['1989.97', '-989.97', '-1010.03'];
    const pair = (own: string[]) => subtree.map((amount, index) => [amount, own[index]]);
    expect(await figures(asAgent, market.id)).toEqual(pair(['-795.99', '395.99', '404.01']));
    const masterShare = pair(['-398.00', '198.00', '202.00']);
    expect(await figures(asMaster, market.id)).toEqual(masterShare);
    expect(await figures(asAdmin, market.id)).toEqual(masterShare);
    // Viewing a lower agent, the caller sees its own part (market-book-viewer.test.ts): the admin's 20 %.
    expect(await figures(asAdmin, market.id, `?accountId=${agent.id}`)).toEqual(masterShare);
    // Staff viewing the master: the house's 20 % and the remainder of 10.03 (2.02).
    expect(await figures(t.ownerHeaders, market.id, `?accountId=${master.id}`)).toEqual(
      pair(['-397.98', '197.98', '202.02']),
    );
    // The house: every player, its own ones whole; all parts together are the players' result negated.
    expect(await figures(t.ownerHeaders, market.id)).toEqual([
      ['0.00', '1591.99'],
      ['0.00', '-791.99'],
      ['0.00', '-808.01'],
    ]);
    const runners = (await book(asAgent, market.id)).json().runners;
    expect(runners.map((runner: { id: string; name: string }) => [runner.id, runner.name])).toEqual([
      [home, 'Home'],
      [draw, 'Draw'],
      [market.runners[2]!.id, 'Away'],
    ]);
  });

  it("leaves a sibling's players out, rounds each player's result once, and reads the same by subtree as from every bettor", async () => {
    const admin = await t.owner.createOk({ sharePercent: 50, openingChips: 5_000 });
    const asAdmin = await signInAgent(t.ctx, admin);
    const masterA = await agentsClient(t.ctx, asAdmin).createOk({ sharePercent: 35, openingChips: 1_000 });
    const masterB = await agentsClient(t.ctx, asAdmin).createOk({ sharePercent: 20, openingChips: 1_000 });
    const [asA, asB] = [await signInAgent(t.ctx, masterA), await signInAgent(t.ctx, masterB)];
    const [pa, pb, pd] = [await player(asA, '100'), await player(asB, '100'), await player(asAdmin, '100')];
    const house = await player(t.ownerHeaders, '5000');
    const market = await matchedMarket(t.ctx, t.ownerHeaders, house, [
      [pa, 0, 3, '10.03'],
      [pa, 1, 2, '5.01'],
      [pb, 2, 4, '2.50'],
      [pd, 0, 2, '1'],
    ]);

    // pa: +15.05 / −5.02 / −15.04 (two bets, one result); pb: −2.50 / −2.50 / +7.50; pd: +1.00 / −1.00 / −1.00.
    // Parts: masterA 35 % of pa; masterB 20 % of pb; the admin 15 % of pa, 30 % of pb and 50 % of pd.
    expect(await figures(asA, market.id)).toEqual([
      ['15.05', '-5.26'],
      ['-5.02', '1.75'],
      ['-15.04', '5.26'],
    ]);
    expect(await figures(asB, market.id)).toEqual([
      ['-2.50', '0.50'],
      ['-2.50', '0.50'],
      ['7.50', '-1.50'],
    ]);
    expect(await figures(asAdmin, market.id)).toEqual([
      ['13.55', '-2.00'],
      ['-8.52', '2.00'],
      ['-8.54', '0.50'],
    ]);
    for (const account of [admin, masterA, masterB]) {
      const bySubtree = await agentSums(t.ctx.deps.db, market.id, account.id, Infinity);
      expect(await agentSums(t.ctx.deps.db, market.id, account.id, 0)).toEqual(bySubtree);
    }
  });

  it("knows a bettor as an agent's player, the house's, or no player (staff, the market maker)", async () => {
    const agent = await t.owner.createOk({ sharePercent: 30, openingChips: 100 });
    const asAgent = await signInAgent(t.ctx, agent);
    const under = await playerOf(t.ctx, asAgent, '10');
    const house = await playerOf(t.ctx, t.ownerHeaders, '10');
    const [staff] = await t.ctx.deps.db.query<{ id: string }>(
      "SELECT id::text AS id FROM users WHERE role = 'operator' LIMIT 1",
    );
    const bettors = [under.id, house.id, staff!.id, 'market-maker', randomUUID()];
    const expected = [agent.id, null, false, false, false];
    expect(await readDirectAgents(t.ctx.deps.db, bettors)).toEqual(expected);
    // Read again, from what this instance keeps.
    expect(await readDirectAgents(t.ctx.deps.db, bettors)).toEqual(expected);
  });

  it('answers 404 for an account outside the caller’s subtree and for an unknown market', async () => {
    const top = await t.owner.createOk({ sharePercent: 50 });
    const asTop = await signInAgent(t.ctx, top);
    const child = await agentsClient(t.ctx, asTop).createOk({ sharePercent: 20 });
    const sibling = await t.owner.createOk({ sharePercent: 50 });
    const asChild = await signInAgent(t.ctx, child);
    const market = await createOperatorMarket(t.ctx, t.ownerHeaders);
    for (const accountId of [top.id, sibling.id, randomUUID()]) {
      const outside = await book(asChild, market.id, `?accountId=${accountId}`);
      expect([outside.statusCode, outside.json().code]).toEqual([404, 'ACCOUNT_NOT_FOUND']);
    }
    const unknown = await book(asTop, 'nope.match-odds');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'UNKNOWN_MARKET']);
    expect(await figures(asTop, market.id, `?accountId=${child.id}`)).toEqual([
      ['0.00', '0.00'],
      ['0.00', '0.00'],
    ]);
  });
});

describe('GET /api/admin/downline/markets', () => {
  const booked = async (headers: Headers, query = '') => {
    const answer = await t.ctx.app.inject({ url: `/api/admin/downline/markets${query}`, headers });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer
      .json<{ items: { id: string; bets: number; matched: string }[] }>()
      .items.map((item) => [item.id, item.bets, item.matched]);
  };

  it("lists the open markets where the account's subtree has bets, and none of a sibling's", async () => {
    const top = await t.owner.createOk({ sharePercent: 50, openingChips: 1_000 });
    const asTop = await signInAgent(t.ctx, top);
    const sibling = await t.owner.createOk({ sharePercent: 50, openingChips: 1_000 });
    const asSibling = await signInAgent(t.ctx, sibling);
    const [mine, theirs] = [await player(asTop, '500'), await player(asSibling, '500')];
    const house = await player(t.ownerHeaders, '5000');
    const [a, b] = [
      await createOperatorMarket(t.ctx, t.ownerHeaders, { minStake: '1' }),
      await createOperatorMarket(t.ctx, t.ownerHeaders, { minStake: '1' }),
    ];
    await bet(mine, a.id, a.runners[0]!.id, 'BACK', 2, '20');
    await bet(house, a.id, a.runners[0]!.id, 'LAY', 2, '20');
    await bet(mine, a.id, a.runners[1]!.id, 'BACK', 5, '3');
    await bet(theirs, b.id, b.runners[0]!.id, 'BACK', 2, '7');
    await t.ctx.deps.exchange.idle();

    expect(await booked(asTop)).toEqual([[a.id, 2, '20.00']]);
    expect(await booked(asSibling)).toEqual([[b.id, 1, '0.00']]);
    const all = await booked(t.ownerHeaders);
    expect(all).toContainEqual([a.id, 3, '40.00']);
    expect(all).toContainEqual([b.id, 1, '0.00']);
    const outside = await t.ctx.app.inject({
      url: `/api/admin/downline/markets?accountId=${sibling.id}`,
      headers: asTop,
    });
    expect([outside.statusCode, outside.json().code]).toEqual([404, 'ACCOUNT_NOT_FOUND']);
  });
});
