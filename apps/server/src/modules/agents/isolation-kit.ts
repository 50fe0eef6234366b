import { randomUUID } from 'node:crypto';
import type { Agent } from '@backlay/contracts';
import { expect } from 'vitest';
import { createOperatorMarket } from '../../test/operator-market.ts';
import type { TestContext } from '../../test/test-app.ts';
import { readEventOfMarket } from '../sports/index.ts';
import { agentsClient, placeBet, playerOf, signInAgent, type AgentsClient } from './agents-test-kit.ts';

type Headers = Record<string, string>;

/** One top agent's family: itself, a child agent and the child's player, who has a bet. */
export type Family = {
  top: Agent;
  headers: Headers;
  child: Agent;
  player: { id: string; headers: Headers };
};

/** Two sibling top agents, each with a child agent whose player bet on one market, and the bet ids. */
export type Network = {
  a: Family;
  b: Family;
  market: { id: string; runners: { id: string }[] };
  /** The market's event. */
  eventId: string;
  /** The bet of B's player. */
  betOfB: string;
};

async function family(ctx: TestContext, owner: AgentsClient): Promise<Family> {
  const top = await owner.createOk({ sharePercent: 80, openingChips: 5_000, creditReference: 5_000 });
  const headers = await signInAgent(ctx, top);
  const child = await agentsClient(ctx, headers).createOk({ sharePercent: 40, openingChips: 1_000 });
  const player = await playerOf(ctx, await signInAgent(ctx, child), '200');
  return { top, headers, child, player };
}

/**
 * The sibling network: A's player backs the market's first runner and B's lays it at the same price,
 * so each subtree holds half of one matched bet.
 */
export async function siblingNetwork(
  ctx: TestContext,
  owner: AgentsClient,
  ownerHeaders: Headers,
): Promise<Network> {
  const a = await family(ctx, owner);
  const b = await family(ctx, owner);
  const market = await createOperatorMarket(ctx, ownerHeaders, { minStake: '1' });
  const order = { marketId: market.id, runnerId: market.runners[0]!.id, price: 3, stake: '10' };
  await placeBet(ctx, a.player.headers, { ...order, side: 'BACK' });
  await placeBet(ctx, b.player.headers, { ...order, side: 'LAY' });
  await ctx.deps.exchange.idle();
  const bets = await ctx.app.inject({
    url: `/api/admin/downline/bets?accountId=${b.top.id}`,
    headers: ownerHeaders,
  });
  expect(bets.statusCode, bets.body).toBe(200);
  const betOfB = bets.json<{ items: { id: string }[] }>().items[0]!.id;
  const eventId = await readEventOfMarket(ctx.deps.db, market.id);
  return { a, b, market, eventId: eventId!, betOfB };
}

/** A request an agent sends about another subtree, and the 404 code it must get. */
export type Probe = { url: string; payload?: Record<string, unknown>; code: string };

const NOT_FOUND = 'ACCOUNT_NOT_FOUND';
const asJsonAndCsv = (url: string): Probe[] => [
  { url, code: NOT_FOUND },
  { url: `${url}${url.includes('?') ? '&' : '?'}format=csv`, code: NOT_FOUND },
];
/** B's accounts: the top agent, its child agent and the child's player. */
const accountsOf = (b: Family) => [b.top.id, b.child.id, b.player.id];
const eachAccount = (b: Family, probe: (id: string) => Probe[]) => accountsOf(b).flatMap(probe);
const freshEmail = () => `sibling-${randomUUID().slice(0, 8)}@agents.local`;

/**
 * Every /api/admin route open to agents (docs/decisions/0287), keyed as `METHOD path` of the OpenAPI
 * document, with the requests that name B's subtree in the path, the query or the body. A route opened
 * to agents without a row here fails the isolation test.
 */
export const ISOLATION: Record<string, (network: Network) => Probe[]> = {
  'POST /api/admin/agents': ({ b }) =>
    eachAccount(b, (parentId) => [
      {
        url: '/api/admin/agents',
        payload: { email: freshEmail(), password: 'agent-password', name: 'Mole', sharePercent: 1, parentId },
        code: NOT_FOUND,
      },
    ]),
  'POST /api/admin/players': ({ b }) =>
    eachAccount(b, (parentId) => [
      {
        url: '/api/admin/players',
        payload: {
          email: freshEmail(),
          password: 'player-password',
          name: 'Mole',
          openingCredit: '1',
          parentId,
        },
        code: NOT_FOUND,
      },
    ]),
  'GET /api/admin/downline': ({ b }) =>
    eachAccount(b, (id) => [{ url: `/api/admin/downline?accountId=${id}`, code: NOT_FOUND }]),
  'POST /api/admin/accounts/{id}/chips': ({ b }) =>
    eachAccount(b, (id) =>
      (['in', 'out'] as const).map((direction) => ({
        url: `/api/admin/accounts/${id}/chips`,
        payload: { direction, amount: '1.00', remark: 'mole' },
        code: NOT_FOUND,
      })),
    ),
  'POST /api/admin/accounts/{id}/settlements': ({ b }) =>
    eachAccount(b, (id) => [
      { url: `/api/admin/accounts/${id}/settlements`, payload: { amount: '1.00' }, code: NOT_FOUND },
    ]),
  'PATCH /api/admin/accounts/{id}': ({ b }) =>
    eachAccount(b, (id) => [
      {
        url: `/api/admin/accounts/${id}`,
        payload: {
          creditReference: '1.00',
          exposureLimit: '1.00',
          maxStake: '1.00',
          maxStakeBySport: { cricket: '1.00' },
        },
        code: NOT_FOUND,
      },
    ]),
  'POST /api/admin/accounts/{id}/lock': ({ b }) =>
    eachAccount(b, (id) => [
      {
        url: `/api/admin/accounts/${id}/lock`,
        payload: { login: true, bet: true, reason: 'mole' },
        code: NOT_FOUND,
      },
    ]),
  'GET /api/admin/accounts/{id}/statement': ({ b }) =>
    eachAccount(b, (id) => asJsonAndCsv(`/api/admin/accounts/${id}/statement`)),
  'GET /api/admin/downline/bets': ({ b }) =>
    eachAccount(b, (id) => asJsonAndCsv(`/api/admin/downline/bets?accountId=${id}`)),
  'GET /api/admin/reports/downline-pl': ({ b }) =>
    eachAccount(b, (id) =>
      ['child', 'market', 'day'].flatMap((groupBy) =>
        asJsonAndCsv(`/api/admin/reports/downline-pl?accountId=${id}&groupBy=${groupBy}`),
      ),
    ),
  'GET /api/admin/markets/{id}/book': ({ b, market }) =>
    eachAccount(b, (id) => [
      { url: `/api/admin/markets/${market.id}/book?accountId=${id}`, code: NOT_FOUND },
    ]),
  'POST /api/admin/markets/{id}/lock': ({ b, market }) =>
    eachAccount(b, (accountId) => [
      { url: `/api/admin/markets/${market.id}/lock`, payload: { accountId, locked: true }, code: NOT_FOUND },
    ]),
  'POST /api/admin/events/{id}/lock': ({ b, eventId }) =>
    eachAccount(b, (accountId) => [
      { url: `/api/admin/events/${eventId}/lock`, payload: { accountId, locked: true }, code: NOT_FOUND },
    ]),
  'GET /api/admin/markets/{id}/lock': ({ b, market }) =>
    eachAccount(b, (id) => [
      { url: `/api/admin/markets/${market.id}/lock?accountId=${id}`, code: NOT_FOUND },
    ]),
  'GET /api/admin/downline/markets': ({ b }) =>
    eachAccount(b, (id) => [{ url: `/api/admin/downline/markets?accountId=${id}`, code: NOT_FOUND }]),
};

/**
 * A closed route's path with B's ids where the route names an id: its player for a player, its bet for
 * a bet, the market for a market, and a fresh id for anything else.
 */
export function closedRouteUrl(path: string, { b, market, betOfB }: Network): string {
  const idFor = (prefix: string) => {
    if (prefix.endsWith('/players/')) return b.player.id;
    if (prefix.endsWith('/bets/')) return betOfB;
    if (prefix.endsWith('/markets/')) return market.id;
    return randomUUID();
  };
  return path.replace(/([^{}]*)\{(\w+)\}/g, (_whole, prefix: string) => `${prefix}${idFor(prefix)}`);
}
