import { randomUUID } from 'node:crypto';
import type { Agent } from '@backlay/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { auditLedger } from '../wallet/index.ts';

export const AGENT_PASSWORD = 'agent-password';

type Headers = Record<string, string>;

/** Console calls of the agents' routes as one signed-in caller. */
export function agentsClient(ctx: TestContext, headers: Headers) {
  const create = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/admin/agents', headers, payload });
  return {
    create,
    /** A new agent with a unique email; fails the test unless it was created. */
    async createOk(payload: Record<string, unknown>): Promise<Agent> {
      const email = `agent-${randomUUID().slice(0, 8)}@agents.local`;
      const response = await create({ email, password: AGENT_PASSWORD, name: email, ...payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ agent: Agent }>().agent;
    },
    /** A creation with a fresh email and the given fields, answered as it comes (refusals). */
    attempt: (payload: Record<string, unknown>) =>
      create({
        email: `try-${randomUUID().slice(0, 8)}@agents.local`,
        password: AGENT_PASSWORD,
        name: 'Try',
        ...payload,
      }),
    chips: (id: string, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/accounts/${id}/chips`, headers, payload }),
    update: (id: string, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/admin/accounts/${id}`, headers, payload }),
    lockAccount: (id: string, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/accounts/${id}/lock`, headers, payload }),
    lockMarket: (marketId: string, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/markets/${marketId}/lock`, headers, payload }),
    lockEvent: (eventId: string, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/events/${eventId}/lock`, headers, payload }),
    marketLocks: (marketId: string, query: string = '') =>
      ctx.app.inject({ method: 'GET', url: `/api/admin/markets/${marketId}/lock${query}`, headers }),
    downline: (query: string = '') =>
      ctx.app.inject({ method: 'GET', url: `/api/admin/downline${query}`, headers }),
  };
}

/** Signs the agent in with the ordinary sign-in and answers its bearer headers. */
export async function signInAgent(ctx: TestContext, agent: Agent): Promise<Headers> {
  return bearer(await loginAs(ctx.app, agent.email, AGENT_PASSWORD));
}

export type AgentsClient = ReturnType<typeof agentsClient>;

/** A test app with the owner signed in. */
export async function startAgentsTest(): Promise<{
  ctx: TestContext;
  ownerHeaders: Headers;
  owner: AgentsClient;
}> {
  const ctx = await startTestApp();
  const ownerHeaders = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  return { ctx, ownerHeaders, owner: agentsClient(ctx, ownerHeaders) };
}

/**
 * One test app per file with the owner signed in, filled before the tests run; closed once the ledger
 * audit shows chips were never created or lost.
 */
export function useAgentsTest() {
  const suite = {} as Awaited<ReturnType<typeof startAgentsTest>>;
  beforeAll(async () => {
    Object.assign(suite, await startAgentsTest());
  });
  afterAll(async () => {
    expect(await auditLedger(suite.ctx.deps.db)).toEqual([]);
    await suite.ctx.close();
  });
  return suite;
}

/** A top-level agent holding `chips`, its signed-in client, and a child agent of it. */
export async function agentFamily(ctx: TestContext, owner: AgentsClient, chips = 0) {
  const parent = await owner.createOk({ sharePercent: 80, openingChips: chips });
  const asParent = agentsClient(ctx, await signInAgent(ctx, parent));
  const child = await asParent.createOk({ sharePercent: 50 });
  return { parent, asParent, child };
}

/** A new player under the caller (the house for staff) with opening credit, signed in. */
export async function playerOf(
  ctx: TestContext,
  headers: Headers,
  openingCredit: string,
  name = 'Pat',
): Promise<{ id: string; headers: Headers }> {
  const email = `player-${randomUUID().slice(0, 8)}@agents.local`;
  const payload = { email, password: 'player-password', name, openingCredit };
  const created = await ctx.app.inject({ method: 'POST', url: '/api/admin/players', headers, payload });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ player: { id: string } }>().player.id;
  return { id, headers: bearer(await loginAs(ctx.app, email, 'player-password')) };
}

/** A persisting exchange bet at `price`; fails the test unless it was taken. */
export async function placeBet(
  ctx: TestContext,
  headers: Headers,
  order: { marketId: string; runnerId: string; side: string; price: number; stake: string },
) {
  const payload = { ...order, persistence: 'PERSIST', clientRef: randomUUID() };
  const placed = await ctx.app.inject({ method: 'POST', url: '/api/bets', headers, payload });
  expect(placed.statusCode, placed.body).toBe(201);
}

/**
 * Readers of the shares' results for a suite whose app starts later: each agent's P/L account balance
 * (minor units), and a roll-up's [players_pl, own_share, upline_share, turnover] summed over days, per
 * agent on a market.
 */
export function shareReaders(suite: { ctx: TestContext }) {
  return {
    async pl(...agentIds: string[]): Promise<bigint[]> {
      const rows = await suite.ctx.deps.db.query<{ account_id: string; balance_minor: string | bigint }>(
        `SELECT account_id, sum(balance_minor)::bigint AS balance_minor FROM system_balance_shards
          WHERE account_id = ANY ($1::text[]) GROUP BY account_id`,
        [agentIds.map((id) => `agent-pl:${id}`)],
      );
      const balance = (id: string) => rows.find((row) => row.account_id === `agent-pl:${id}`)?.balance_minor;
      return agentIds.map((id) => BigInt(balance(id) ?? 0));
    },
    async marketFigures(marketId: string, agentId: string) {
      const [row] = await suite.ctx.deps.db.query<Record<string, string | null>>(
        `SELECT sum(players_pl_minor)::text AS pl, sum(own_share_minor)::text AS own,
                sum(upline_share_minor)::text AS up, sum(turnover_minor)::text AS turnover
           FROM agent_pl_markets WHERE market_id = $1 AND agent_id = $2`,
        [marketId, agentId],
      );
      return [row!.pl, row!.own, row!.up, row!.turnover];
    },
  };
}
