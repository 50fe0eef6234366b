import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOperatorMarket } from '../../test/operator-market.ts';
import { agentsClient, placeBet, playerOf, signInAgent, useAgentsTest } from './agents-test-kit.ts';

/** An account's chip statement and the subtree's live bets (docs/decisions/0294). */

const t = useAgentsTest();
type Headers = Record<string, string>;

const get = (headers: Headers, url: string) => t.ctx.app.inject({ url, headers });

async function getOk(headers: Headers, url: string) {
  const answer = await get(headers, url);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** A top agent with chips, its child agent and player, and a sibling top agent with a player. */
async function network() {
  const top = await t.owner.createOk({ sharePercent: 50, openingChips: 5_000 });
  const asTop = await signInAgent(t.ctx, top);
  const child = await agentsClient(t.ctx, asTop).createOk({ sharePercent: 20, openingChips: 1_000 });
  const player = await playerOf(t.ctx, asTop, '500', 'Pat, "the +1"');
  const sibling = await t.owner.createOk({ sharePercent: 50, openingChips: 100 });
  const stranger = await playerOf(t.ctx, await signInAgent(t.ctx, sibling), '50');
  return { top, asTop, child, asChild: await signInAgent(t.ctx, child), player, sibling, stranger };
}

const expectNotFound = async (headers: Headers, url: string) => {
  const answer = await get(headers, url);
  expect([answer.statusCode, answer.json().code], url).toEqual([404, 'ACCOUNT_NOT_FOUND']);
};

describe('GET /api/admin/accounts/:id/statement', () => {
  it('lists the chips of an agent of the subtree newest first, with Pts, by cursor', async () => {
    const { top, asTop, child, player } = await network();
    const rows = (page: { items: { kind: string; amount: string; pts: string }[] }) =>
      page.items.map((row) => [row.kind, row.amount, row.pts]);
    const first = await getOk(asTop, `/api/admin/accounts/${top.id}/statement?limit=2`);
    expect(rows(first)).toEqual([
      ['DEPOSIT', '-500.00', '3500.00'],
      ['DEPOSIT', '-1000.00', '4000.00'],
    ]);
    const rest = await getOk(asTop, `/api/admin/accounts/${top.id}/statement?cursor=${first.nextCursor}`);
    expect([rows(rest), rest.nextCursor]).toEqual([[['DEPOSIT', '5000.00', '5000.00']], null]);
    const ofChild = await getOk(asTop, `/api/admin/accounts/${child.id}/statement`);
    expect(rows(ofChild)).toEqual([['DEPOSIT', '1000.00', '1000.00']]);
    const ofPlayer = await getOk(t.ownerHeaders, `/api/admin/accounts/${player.id}/statement`);
    expect(rows(ofPlayer)).toEqual([['DEPOSIT', '500.00', '500.00']]);
    expect(typeof ofPlayer.items[0].remark).toBe('string');
  });

  it('answers 404 for an account outside the caller’s subtree, a staff user or an unknown id', async () => {
    const { top, asTop, asChild, sibling, stranger } = await network();
    for (const id of [sibling.id, stranger.id, randomUUID()])
      await expectNotFound(asTop, `/api/admin/accounts/${id}/statement`);
    await expectNotFound(asChild, `/api/admin/accounts/${top.id}/statement`);
    const staff = await get(t.ownerHeaders, '/api/me');
    await expectNotFound(t.ownerHeaders, `/api/admin/accounts/${staff.json().user.id}/statement`);
    await getOk(t.ownerHeaders, `/api/admin/accounts/${sibling.id}/statement`);
  });

  it('exports the statement as CSV', async () => {
    const { top, asTop } = await network();
    const csv = await get(asTop, `/api/admin/accounts/${top.id}/statement?format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="statement-${top.id}.csv"`);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('Date,Kind,Remark,Amount,Pts');
    expect(lines.slice(1, 4).map((line) => line.split(',').slice(3).join(','))).toEqual([
      '-500.00,3500.00',
      '-1000.00,4000.00',
      '5000.00,5000.00',
    ]);
  });
});

describe('GET /api/admin/downline/bets', () => {
  it('lists the open bets of the subtree’s players newest first by cursor, and exports them', async () => {
    const { asTop, asChild, top, player, sibling, stranger } = await network();
    const market = await createOperatorMarket(t.ctx, t.ownerHeaders, { minStake: '1' });
    const [home, away] = market.runners.map((runner) => runner.id) as [string, string];
    await placeBet(t.ctx, player.headers, {
      marketId: market.id,
      runnerId: home,
      side: 'BACK',
      price: 3,
      stake: '10',
    });
    await placeBet(t.ctx, player.headers, {
      marketId: market.id,
      runnerId: away,
      side: 'LAY',
      price: 2.5,
      stake: '4',
    });
    await placeBet(t.ctx, stranger.headers, {
      marketId: market.id,
      runnerId: home,
      side: 'LAY',
      price: 3,
      stake: '5',
    });
    await t.ctx.deps.exchange.idle();

    const first = await getOk(asTop, '/api/admin/downline/bets?limit=1');
    expect(first.items).toEqual([
      expect.objectContaining({
        playerId: player.id,
        player: 'Pat, "the +1"',
        marketId: market.id,
        runner: 'Away',
        side: 'LAY',
        price: '2.50',
        stake: '4.00',
        matched: '0.00',
      }),
    ]);
    expect(first.items[0].market).toMatch(/^Event .+ · /);
    const rest = await getOk(asTop, `/api/admin/downline/bets?limit=1&cursor=${first.nextCursor}`);
    expect(rest.items.map((bet: { runner: string; matched: string }) => [bet.runner, bet.matched])).toEqual([
      ['Home', '5.00'],
    ]);
    const house = await getOk(t.ownerHeaders, '/api/admin/downline/bets?limit=500');
    const ours = house.items.filter((bet: { marketId: string }) => bet.marketId === market.id);
    expect(ours.map((bet: { playerId: string }) => bet.playerId)).toEqual([
      stranger.id,
      player.id,
      player.id,
    ]);
    expect((await getOk(asChild, '/api/admin/downline/bets')).items).toEqual([]);
    await expectNotFound(asChild, `/api/admin/downline/bets?accountId=${top.id}`);
    await expectNotFound(asTop, `/api/admin/downline/bets?accountId=${sibling.id}`);

    const csv = await get(asTop, '/api/admin/downline/bets?format=csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="live-bets.csv"');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('Bet id,Player,Market,Runner,Side,Price,Stake,Matched,Placed at');
    expect(lines[1]).toContain(',"Pat, ""the +1""",');
    expect(lines).toHaveLength(4);
  });
});
