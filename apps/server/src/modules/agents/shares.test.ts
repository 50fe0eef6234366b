import { randomUUID } from 'node:crypto';
import { HOUSE_PLAYERS_ROW_ID } from '@backlay/contracts';
import { describe, expect, it } from 'vitest';
import { createOperatorMarket } from '../../test/operator-market.ts';
import { bearer, loginAs } from '../../test/test-app.ts';
import { HOUSE_AGENT_ID } from '../shares/index.ts';
import { agentsClient, signInAgent, shareReaders, useAgentsTest } from './agents-test-kit.ts';

/** Sharing the book at settlement, re-settlement and void (docs/decisions/0291). */

const t = useAgentsTest();
const { pl, marketFigures } = shareReaders(t);
type Headers = Record<string, string>;

async function player(headers: Headers, openingCredit: string) {
  const email = `share-${randomUUID().slice(0, 8)}@agents.local`;
  const payload = { email, password: 'player-password', name: 'Pat', openingCredit };
  const created = await t.ctx.app.inject({ method: 'POST', url: '/api/admin/players', headers, payload });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ player: { id: string } }>().player.id;
  return { id, auth: bearer(await loginAs(t.ctx.app, email, 'player-password')) };
}

async function bet(headers: Headers, marketId: string, runnerId: string, side: string, stake: string) {
  const payload = {
    marketId,
    runnerId,
    side,
    price: 2,
    stake,
    persistence: 'PERSIST',
    clientRef: randomUUID(),
  };
  const placed = await t.ctx.app.inject({ method: 'POST', url: '/api/bets', headers, payload });
  expect(placed.statusCode, placed.body).toBe(201);
}

const admin = (url: string, payload: object) =>
  t.ctx.app.inject({ method: 'POST', url, headers: t.ownerHeaders, payload });

async function settle(marketId: string, winnerRunnerId: string, again = false) {
  await t.ctx.deps.exchange.idle();
  const path = again ? 'resettle' : 'settle';
  const payload = again ? { winnerRunnerId, reason: 'Corrected.' } : { winnerRunnerId };
  const answer = await admin(`/api/admin/markets/${encodeURIComponent(marketId)}/${path}`, payload);
  expect(answer.statusCode, answer.body).toBe(200);
  await t.ctx.deps.exchange.idle();
}

const shareTransfers = async (marketId: string) => {
  const [row] = await t.ctx.deps.db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM transfers WHERE kind = 'AGENT_SHARE' AND reference = $1`,
    [`market:${marketId}`],
  );
  return Number(row!.n);
};

/** Admin 80 %, master 60 %, agent 40 %, each signed in; a house player to take the other side. */
async function chain() {
  const top = await t.owner.createOk({ sharePercent: 80, openingChips: 5_000 });
  const asTop = await signInAgent(t.ctx, top);
  const master = await agentsClient(t.ctx, asTop).createOk({ sharePercent: 60, openingChips: 4_000 });
  const asMaster = await signInAgent(t.ctx, master);
  const agent = await agentsClient(t.ctx, asMaster).createOk({ sharePercent: 40, openingChips: 3_000 });
  const asAgent = await signInAgent(t.ctx, agent);
  const house = await player(t.ownerHeaders, '5000');
  return { top, master, agent, asTop, asMaster, asAgent, house };
}

/** Two of the agent's players back the home side for 1,000.00 and 10.03 against a house player and lose. */
async function lostByTwoPlayers({ asAgent, house }: Awaited<ReturnType<typeof chain>>) {
  const [p1, p2] = [await player(asAgent, '1500'), await player(asAgent, '100')];
  const market = await createOperatorMarket(t.ctx, t.ownerHeaders, { minStake: '1' });
  const [home, away] = market.runners.map((runner) => runner.id) as [string, string];
  await bet(p1.auth, market.id, home, 'BACK', '1000');
  await bet(p2.auth, market.id, home, 'BACK', '10.03');
  await bet(house.auth, market.id, home, 'LAY', '1010.03');
  await settle(market.id, away);
  return { p1, p2, market, home };
}

describe('sharing a settled market along the agent chain', () => {
  it('books 40/60/80 % of a 1,000.00 loss as 400.00, 200.00, 200.00, and re-settles them', async () => {
    const network = await chain();
    const { top, master, agent } = network;
    const { market, home } = await lostByTwoPlayers(network);
    // 1,010.03 lost: p2's 10.03 gives 4.01, 2.00, 2.00 with the remainder 2.02 to the house.
    expect(await pl(agent.id, master.id, top.id)).toEqual([40_401n, 20_200n, 20_200n]);
    expect(await marketFigures(market.id, agent.id)).toEqual(['-101003', '40401', '60602', '101003']);
    // The house takes 202.02 of the agents' players' loss and pays its own player's 1,010.03 whole.
    expect(await marketFigures(market.id, HOUSE_AGENT_ID)).toEqual(['0', '-80801', '0', '202006']);
    expect(await shareTransfers(market.id)).toBe(3);

    await settle(market.id, home, true);
    expect(await pl(agent.id, master.id, top.id)).toEqual([-40_401n, -20_200n, -20_200n]);
    expect(await marketFigures(market.id, master.id)).toEqual(['101003', '-20200', '-40402', '101003']);
    const voided = await admin(`/api/admin/markets/${encodeURIComponent(market.id)}/void`, {
      reason: 'Abandoned.',
    });
    expect(voided.statusCode, voided.body).toBe(409);
  });

  it('reports to an agent viewing a lower agent its own part, and to staff the house’s', async () => {
    const network = await chain();
    const { agent, asTop, asMaster, asAgent } = network;
    const { p1 } = await lostByTwoPlayers(network);
    const parts = async (headers: Headers, groupBy: string) => {
      const url = `/api/admin/reports/downline-pl?accountId=${agent.id}&groupBy=${groupBy}`;
      const answer = await t.ctx.app.inject({ url, headers });
      expect(answer.statusCode, answer.body).toBe(200);
      type Row = { accountId?: string; ownShare: string; uplineShare: string };
      const rows = answer.json<{ rows: Row[] }>().rows;
      const order = (row: Row) => (row.accountId === p1.id ? 0 : 1);
      return rows.sort((a, b) => order(a) - order(b)).map((row) => [row.ownShare, row.uplineShare]);
    };
    // Each player's loss split 40/20/20 and the rest, p2's 10.03 as 4.01/2.00/2.00 and 2.02 to the house.
    expect(await parts(asAgent, 'child')).toEqual([
      ['400.00', '600.00'],
      ['4.01', '6.02'],
    ]);
    expect(await parts(asMaster, 'child')).toEqual([
      ['200.00', '400.00'],
      ['2.00', '4.02'],
    ]);
    expect(await parts(asTop, 'child')).toEqual([
      ['200.00', '200.00'],
      ['2.00', '2.02'],
    ]);
    expect(await parts(t.ownerHeaders, 'child')).toEqual([
      ['200.00', '0.00'],
      ['2.02', '0.00'],
    ]);
    expect(await parts(asMaster, 'market')).toEqual([['202.00', '404.02']]);
    expect(await parts(t.ownerHeaders, 'day')).toEqual([['202.02', '0.00']]);
  });

  it('takes the share in force when the bet was placed, and books nothing for a void market', async () => {
    const { agent, asMaster, asAgent, house } = await chain();
    const p1 = await player(asAgent, '500');
    const market = await createOperatorMarket(t.ctx, t.ownerHeaders, { minStake: '1' });
    const [home, away] = market.runners.map((runner) => runner.id) as [string, string];
    await bet(p1.auth, market.id, home, 'BACK', '100');
    await bet(house.auth, market.id, home, 'LAY', '100');
    await t.ctx.deps.exchange.idle();
    const raised = await agentsClient(t.ctx, asMaster).update(agent.id, { sharePercent: 50 });
    expect(raised.statusCode, raised.body).toBe(200);
    await settle(market.id, away);
    expect(await pl(agent.id)).toEqual([4_000n]);

    const other = await createOperatorMarket(t.ctx, t.ownerHeaders, { minStake: '1' });
    await bet(p1.auth, other.id, other.runners[0]!.id, 'BACK', '100');
    await bet(house.auth, other.id, other.runners[0]!.id, 'LAY', '100');
    await t.ctx.deps.exchange.idle();
    const url = `/api/admin/markets/${encodeURIComponent(other.id)}/void`;
    expect((await admin(url, { reason: 'Abandoned.' })).statusCode).toBe(200);
    await t.ctx.deps.exchange.idle();
    expect(await shareTransfers(other.id)).toBe(0);
    // Settled again on a winner, the void market shares at the new share: 50 % of 100.00.
    await settle(other.id, other.runners[1]!.id, true);
    expect(await pl(agent.id)).toEqual([9_000n]);
    expect(await shareTransfers(other.id)).toBe(3);
  });

  it('books a market of house players to the house whole, under one child, with no transfer', async () => {
    const [a, b] = [await player(t.ownerHeaders, '100'), await player(t.ownerHeaders, '100')];
    const market = await createOperatorMarket(t.ctx, t.ownerHeaders, { minStake: '1' });
    await bet(a.auth, market.id, market.runners[0]!.id, 'BACK', '10');
    await bet(b.auth, market.id, market.runners[0]!.id, 'LAY', '10');
    await settle(market.id, market.runners[1]!.id);
    expect(await shareTransfers(market.id)).toBe(0);
    expect(await marketFigures(market.id, HOUSE_AGENT_ID)).toEqual(['0', '0', '0', '2000']);
    const report = await t.ctx.app.inject({
      url: '/api/admin/reports/downline-pl?groupBy=child',
      headers: t.ownerHeaders,
    });
    expect(report.statusCode, report.body).toBe(200);
    const rows = report.json<{ rows: { accountId: string; name: string }[] }>().rows;
    expect(rows.filter((row) => row.accountId === HOUSE_PLAYERS_ROW_ID)).toEqual([
      expect.objectContaining({ name: 'Players of the house' }),
    ]);
  });
});

describe('POST /api/admin/accounts/:id/settlements', () => {
  it('moves a child’s P/L toward zero and never past it, for an agent and a player', async () => {
    const { top, master, agent, asMaster, asAgent, house } = await chain();
    const p1 = await player(asAgent, '100');
    const market = await createOperatorMarket(t.ctx, t.ownerHeaders, { minStake: '1' });
    await bet(p1.auth, market.id, market.runners[0]!.id, 'BACK', '50');
    await bet(house.auth, market.id, market.runners[0]!.id, 'LAY', '50');
    await settle(market.id, market.runners[1]!.id);
    expect(await pl(agent.id, master.id)).toEqual([2_000n, 1_000n]);
    const asMasterClient = (id: string, payload: object) =>
      t.ctx.app.inject({
        method: 'POST',
        url: `/api/admin/accounts/${id}/settlements`,
        headers: asMaster,
        payload,
      });
    const above = await asMasterClient(agent.id, { amount: '20.01' });
    expect([above.statusCode, above.json().code]).toEqual([422, 'SETTLEMENT_ABOVE_PL']);
    const settled = await asMasterClient(agent.id, { amount: '15', remark: 'Cash on Friday' });
    expect(settled.statusCode, settled.body).toBe(201);
    expect(settled.json()).toMatchObject({ id: agent.id, kind: 'agent' });
    expect(await pl(agent.id, master.id)).toEqual([500n, 2_500n]);
    const grandchild = await asMasterClient(p1.id, { amount: '1' });
    expect([grandchild.statusCode, grandchild.json().code]).toEqual([409, 'NOT_DIRECT_CHILD']);
    const outside = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/${top.id}/settlements`,
      headers: asMaster,
      payload: { amount: '1' },
    });
    expect([outside.statusCode, outside.json().code]).toEqual([404, 'ACCOUNT_NOT_FOUND']);

    // The player is 50.00 up on its credit reference of 0: the agent pays it out and takes chips back.
    const asAgentSettle = (payload: object) =>
      t.ctx.app.inject({
        method: 'POST',
        url: `/api/admin/accounts/${p1.id}/settlements`,
        headers: asAgent,
        payload,
      });
    expect((await asAgentSettle({ amount: '50.01' })).statusCode).toBe(422);
    const paid = await asAgentSettle({ amount: '20' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ balance: '30.00', pl: '30.00' });
    const [audit] = await t.ctx.deps.db.query<{ n: string | number }>(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'account settlement'",
    );
    expect(Number(audit!.n)).toBeGreaterThanOrEqual(2);
  });
});
