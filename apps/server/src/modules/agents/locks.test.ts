import { randomUUID } from 'node:crypto';
import type { Agent, DownlineItem } from '@backlay/contracts';
import { tickOfDecimalOdds } from '@backlay/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorMarket } from '../../test/operator-market.ts';
import { openSocketProbe } from '../../test/socket-client.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { CRASH_UNIT_ID, tableUnitId } from '../tables/index.ts';
import { agentsClient, signInAgent, type AgentsClient } from './agents-test-kit.ts';

/** Locks by any ancestor (docs/decisions/0290): each holds for the account's whole subtree. */

type Headers = Record<string, string>;
type Answer = { ok: true } | { ok: false; code: string };

let ctx: TestContext;
let owner: AgentsClient;
let market: { id: string; runners: { id: string }[] };
const rounds = { table: 0, crash: 0 };
/** The tables' clock stands still, so a slow run never sees their rounds' betting close. */
const tablesNowMs = Date.now();

beforeAll(async () => {
  ctx = await startTestApp({}, { tables: { timers: false, nowMs: () => tablesNowMs } });
  const admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  owner = agentsClient(ctx, admin);
  market = await createOperatorMarket(ctx, admin);
  rounds.table = await openRound(tableUnitId('dragon-tiger'), '/api/tables/dragon-tiger', admin);
  rounds.crash = await openRound(CRASH_UNIT_ID, '/api/crash', admin);
});
afterAll(() => ctx.close());

async function openRound(unitId: string, url: string, headers: Headers): Promise<number> {
  expect((await ctx.deps.units.send(unitId, { type: 'advance' })).ok).toBe(true);
  return (await ctx.app.inject({ method: 'GET', url, headers })).json<{ round: { id: number } }>().round.id;
}

const PLAYER_PASSWORD = 'player-password';

/** A master, its child agent, and a funded player under the child: the master's grandchild. */
async function family() {
  const master = await owner.createOk({ sharePercent: 80, openingChips: 5_000 });
  const asMaster = agentsClient(ctx, await signInAgent(ctx, master));
  const child = await asMaster.createOk({ sharePercent: 50, openingChips: 2_000 });
  const email = `locked-${randomUUID().slice(0, 8)}@agents.local`;
  const payload = { email, password: PLAYER_PASSWORD, name: 'Pat', parentId: child.id, openingCredit: 1_500 };
  const headers = await signInAgent(ctx, master);
  const created = await ctx.app.inject({ method: 'POST', url: '/api/admin/players', headers, payload });
  expect(created.statusCode, created.body).toBe(201);
  return {
    master,
    asMaster,
    child,
    player: { id: created.json<{ player: { id: string } }>().player.id, email },
  };
}

const lock = (client: AgentsClient, id: string, payload: Record<string, unknown>) =>
  client.lockAccount(id, { reason: 'Settling up', ...payload });

const codeOf = (answer: Answer) => (answer.ok ? 'ADMITTED' : answer.code);
const STAKE_MINOR = '2000';

/** A 200.00 back in the exchange and a 20.00 stake at a live table and in the crash game. */
async function stakes(playerId: string): Promise<string[]> {
  const tick = tickOfDecimalOdds('2.00');
  if (!tick.ok) throw new Error('no tick');
  const common = { playerId, stakeMinor: STAKE_MINOR, clientRef: randomUUID() };
  const exchange = await ctx.deps.exchange.run(market.id, {
    ...common,
    type: 'place',
    betId: randomUUID(),
    runnerId: market.runners[0]!.id,
    stakeMinor: '20000',
    side: 'BACK',
    priceTick: tick.value,
    persistence: 'LAPSE',
    fingerprint: randomUUID(),
  });
  const table = await ctx.deps.units.send(tableUnitId('dragon-tiger'), {
    ...common,
    type: 'bet',
    roundId: rounds.table,
    marketId: 'dragon',
  });
  const crash = await ctx.deps.units.send(CRASH_UNIT_ID, {
    ...common,
    type: 'bet',
    roundId: rounds.crash,
    autoHundredths: null,
    clientRef: randomUUID(),
  });
  return [exchange, table, crash].map((answer) => codeOf(answer as Answer));
}

const ADMITTED = ['ADMITTED', 'ADMITTED', 'ADMITTED'];
const LOCKED = ['BET_LOCKED', 'BET_LOCKED', 'BET_LOCKED'];

describe('account locks', () => {
  it('refuses every stake below a bet-locked master, and unlocking restores them', async () => {
    const { master, child, player } = await family();
    expect(await stakes(player.id)).toEqual(ADMITTED);
    const locked = await lock(owner, master.id, { bet: true });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json<DownlineItem>()).toMatchObject({ id: master.id, betLocked: true, loginLocked: false });
    expect(await stakes(player.id)).toEqual(LOCKED);
    // Unlocking the child lifts only the child's own lock: the master's still holds.
    expect((await lock(owner, child.id, { bet: true })).statusCode).toBe(200);
    expect((await lock(owner, master.id, { bet: false })).json<DownlineItem>().betLocked).toBe(false);
    expect(await stakes(player.id)).toEqual(LOCKED);
    expect((await lock(owner, child.id, { bet: false })).statusCode).toBe(200);
    expect(await stakes(player.id)).toEqual(ADMITTED);
  });

  it('refuses sign-in below a login-locked agent and closes its open sockets within 1 s', async () => {
    const { asMaster, child, player } = await family();
    const token = await loginAs(ctx.app, player.email, PLAYER_PASSWORD);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as { port: number };
    const probe = await openSocketProbe(`ws://127.0.0.1:${port}/ws/stream`);
    probe.socket.send(JSON.stringify({ token }));
    expect(await probe.next()).toMatchObject({ ready: true });
    const started = Date.now();
    const locked = await lock(asMaster, child.id, { login: true });
    expect(locked.json<DownlineItem>()).toMatchObject({ loginLocked: true, betLocked: false });
    await probe.closed;
    expect(Date.now() - started).toBeLessThan(1_000);
    const signIn = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/loginUser',
        payload: { email: player.email, password: PLAYER_PASSWORD },
      });
    const refused = await signIn();
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'ACCOUNT_LOCKED']);
    expect((await lock(asMaster, child.id, { login: false })).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(200);
  });

  it('answers 404 outside the caller’s subtree, for its own id and for its ancestors', async () => {
    const { master, child, player } = await family();
    const stranger = await owner.createOk({ sharePercent: 10 });
    const asStranger = agentsClient(ctx, await signInAgent(ctx, stranger));
    const asChild = agentsClient(ctx, await signInAgent(ctx, child));
    const refusals: [AgentsClient, Agent | { id: string }][] = [
      [asStranger, player],
      [asStranger, child],
      [asChild, master],
      [asChild, child],
      [asChild, { id: randomUUID() }],
    ];
    for (const [caller, target] of refusals) {
      const answer = await lock(caller, target.id, { bet: true });
      expect([answer.statusCode, answer.json().code]).toEqual([404, 'ACCOUNT_NOT_FOUND']);
    }
    expect(await stakes(player.id)).toEqual(ADMITTED);
  });

  it('requires a reason of at most 500 characters and a lock to change', async () => {
    const { child } = await family();
    for (const payload of [{ bet: true, reason: ' ' }, { bet: true, reason: 'x'.repeat(501) }, {}])
      expect((await owner.lockAccount(child.id, { reason: 'r', ...payload })).statusCode).toBe(400);
    const audit = await ctx.deps.db.query<{ reason: string }>(
      `SELECT reason FROM audit_log WHERE action = 'account lock' AND target = $1`,
      [`agent:${child.id}`],
    );
    expect(audit).toEqual([]);
  });
});
