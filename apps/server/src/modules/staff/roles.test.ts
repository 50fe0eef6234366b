import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@backlay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';

/**
 * Every console route names the staff roles that may call it (docs/decisions/0236): a player gets 403,
 * no token 401, and each role the route does not name 403 FORBIDDEN, before anything is read or
 * changed. An agent reaches only the routes opened to agents and gets 404 NOT_FOUND on every other
 * (docs/decisions/0287). The table below is checked against the OpenAPI document, so a new route must
 * join it.
 */

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const ALL: readonly StaffRole[] = ['owner', 'trader', 'support', 'viewer'];
const DESK: readonly StaffRole[] = ['owner', 'support'];
const TRADING: readonly StaffRole[] = ['owner', 'trader'];
const OWNER: readonly StaffRole[] = ['owner'];

type Route = { method: Method; path: string; roles: readonly StaffRole[]; agents?: true };

const ROUTES: readonly Route[] = [
  { method: 'POST', path: '/api/admin/agents', roles: OWNER, agents: true },
  { method: 'GET', path: '/api/admin/downline', roles: ALL, agents: true },
  { method: 'POST', path: '/api/admin/accounts/{id}/chips', roles: OWNER, agents: true },
  { method: 'POST', path: '/api/admin/accounts/{id}/settlements', roles: OWNER, agents: true },
  { method: 'PATCH', path: '/api/admin/accounts/{id}', roles: OWNER, agents: true },
  { method: 'POST', path: '/api/admin/accounts/{id}/lock', roles: DESK, agents: true },
  { method: 'GET', path: '/api/admin/accounts/{id}/statement', roles: ALL, agents: true },
  { method: 'GET', path: '/api/admin/downline/bets', roles: ALL, agents: true },
  { method: 'GET', path: '/api/admin/reports/downline-pl', roles: ALL, agents: true },
  { method: 'GET', path: '/api/admin/players', roles: ALL },
  { method: 'POST', path: '/api/admin/players', roles: DESK, agents: true },
  { method: 'POST', path: '/api/admin/players/{id}/deposit', roles: DESK },
  { method: 'POST', path: '/api/admin/players/{id}/withdraw', roles: DESK },
  { method: 'POST', path: '/api/admin/players/{id}/status', roles: DESK },
  { method: 'POST', path: '/api/admin/players/{id}/bet-lock', roles: DESK },
  { method: 'POST', path: '/api/admin/players/{id}/max-stake', roles: DESK },
  { method: 'POST', path: '/api/admin/players/{id}/api-access', roles: DESK },
  { method: 'POST', path: '/api/admin/events', roles: TRADING },
  { method: 'POST', path: '/api/admin/markets/{id}/suspend', roles: TRADING },
  { method: 'POST', path: '/api/admin/markets/{id}/resume', roles: TRADING },
  { method: 'PATCH', path: '/api/admin/markets/{id}', roles: TRADING },
  { method: 'POST', path: '/api/admin/markets/{id}/void', roles: TRADING },
  { method: 'GET', path: '/api/admin/markets/{id}/positions', roles: ALL },
  { method: 'GET', path: '/api/admin/markets/{id}/book', roles: ALL, agents: true },
  { method: 'GET', path: '/api/admin/downline/markets', roles: ALL, agents: true },
  { method: 'POST', path: '/api/admin/markets/{id}/lock', roles: DESK, agents: true },
  { method: 'GET', path: '/api/admin/markets/{id}/lock', roles: ALL, agents: true },
  { method: 'POST', path: '/api/admin/events/{id}/lock', roles: DESK, agents: true },
  { method: 'POST', path: '/api/admin/markets/{id}/settle', roles: TRADING },
  { method: 'GET', path: '/api/admin/staff', roles: OWNER },
  { method: 'POST', path: '/api/admin/staff', roles: OWNER },
  { method: 'PATCH', path: '/api/admin/staff/{id}', roles: OWNER },
  { method: 'GET', path: '/api/admin/audit', roles: ALL },
  { method: 'GET', path: '/api/admin/bets', roles: ALL },
  { method: 'POST', path: '/api/admin/bets/{id}/void', roles: TRADING },
  { method: 'POST', path: '/api/admin/markets/{id}/resettle', roles: TRADING },
  { method: 'GET', path: '/api/admin/markets', roles: ALL },
  { method: 'GET', path: '/api/admin/markets/{id}', roles: ALL },
  { method: 'GET', path: '/api/admin/tables', roles: ALL },
  { method: 'POST', path: '/api/admin/tables/{id}/pause', roles: TRADING },
  { method: 'POST', path: '/api/admin/tables/{id}/resume', roles: TRADING },
  { method: 'POST', path: '/api/admin/tables/{id}/rounds/{roundId}/void', roles: TRADING },
  { method: 'GET', path: '/api/admin/casino/sessions', roles: ALL },
  { method: 'GET', path: '/api/admin/casino/rounds', roles: ALL },
  { method: 'GET', path: '/api/admin/casino/callbacks', roles: ALL },
  { method: 'GET', path: '/api/admin/casino/provider', roles: ALL },
  { method: 'POST', path: '/api/admin/casino/provider', roles: TRADING },
  { method: 'GET', path: '/api/admin/dashboard', roles: ALL },
  { method: 'GET', path: '/api/admin/dashboard/history', roles: ALL },
  { method: 'GET', path: '/api/admin/exposures', roles: ALL },
  { method: 'GET', path: '/api/admin/reports/pnl', roles: ALL },
  { method: 'GET', path: '/api/admin/reports/commission', roles: ALL },
  { method: 'GET', path: '/api/admin/players/{id}', roles: ALL },
  { method: 'GET', path: '/api/admin/players/{id}/statement', roles: ALL },
  { method: 'GET', path: '/api/admin/markets/{id}/mirror', roles: ALL },
  { method: 'PATCH', path: '/api/admin/markets/{id}/mirror', roles: TRADING },
  { method: 'POST', path: '/api/admin/feed-files', roles: TRADING },
  { method: 'GET', path: '/api/admin/feed-files', roles: TRADING },
  { method: 'GET', path: '/api/admin/feeds', roles: TRADING },
  { method: 'POST', path: '/api/admin/feeds', roles: TRADING },
  { method: 'GET', path: '/api/admin/feeds/{id}', roles: TRADING },
  { method: 'PATCH', path: '/api/admin/feeds/{id}', roles: TRADING },
  { method: 'POST', path: '/api/admin/feeds/{id}/pause', roles: TRADING },
  { method: 'POST', path: '/api/admin/feeds/{id}/resume', roles: TRADING },
  { method: 'POST', path: '/api/admin/feeds/{id}/stop', roles: TRADING },
  { method: 'POST', path: '/api/admin/feeds/{id}/markets/{marketId}/confirm', roles: TRADING },
];

let ctx: TestContext;
const tokens = new Map<StaffRole | 'player' | 'agent', string>();

beforeAll(async () => {
  ctx = await startTestApp();
  const owner = await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
  tokens.set('owner', owner);
  for (const role of ['trader', 'support', 'viewer'] as const) {
    const email = `${role}-${randomUUID().slice(0, 6)}@staff.local`;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: bearer(owner),
      payload: { email, password: 'staff-password', name: role, role },
    });
    expect(created.statusCode).toBe(201);
    tokens.set(role, await loginAs(ctx.app, email, 'staff-password'));
  }
  tokens.set('player', await loginAs(ctx.app, 'player@backlay.local', 'player123'));
  const agentEmail = `agent-${randomUUID().slice(0, 6)}@agents.local`;
  const agent = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/agents',
    headers: bearer(owner),
    payload: { email: agentEmail, password: 'agent-password', name: 'Agent', sharePercent: 50 },
  });
  expect(agent.statusCode).toBe(201);
  tokens.set('agent', await loginAs(ctx.app, agentEmail, 'agent-password'));
});
afterAll(() => ctx.close());

const call = (method: Method, path: string, token?: string) =>
  ctx.app.inject({
    method,
    url: path.replace(/\{\w+\}/g, randomUUID()),
    headers: token ? bearer(token) : {},
    ...(method === 'GET' ? {} : { payload: {} }),
  });

describe('console routes and staff roles', () => {
  it('lists every /api/admin route of the OpenAPI document, and no other', async () => {
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(ROUTES.map((route) => `${route.method} ${route.path}`).sort());
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.path}: 401 without a token, 403 to a player and to roles outside ${route.roles.join('/')}, 404 to an agent unless opened`, async () => {
      expect((await call(route.method, route.path)).statusCode).toBe(401);
      const player = await call(route.method, route.path, tokens.get('player'));
      expect(player.statusCode).toBe(403);
      for (const role of ALL) {
        const response = await call(route.method, route.path, tokens.get(role));
        if (route.roles.includes(role)) expect(response.statusCode, role).not.toBe(403);
        else {
          expect(response.statusCode, role).toBe(403);
          expect(response.json().code).toBe('FORBIDDEN');
        }
      }
      const agent = await call(route.method, route.path, tokens.get('agent'));
      if (route.agents) expect(agent.json().code).not.toBe('NOT_FOUND');
      else {
        expect(agent.statusCode).toBe(404);
        expect(agent.json().code).toBe('NOT_FOUND');
      }
    });
  }
});
