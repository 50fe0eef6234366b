import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAgentsTest } from './agents-test-kit.ts';
import { closedRouteUrl, ISOLATION, siblingNetwork, type Network } from './isolation-kit.ts';

/**
 * An agent sees and changes only its own subtree (docs/decisions/0287, 0299): on every /api/admin route
 * of the OpenAPI document, agent A naming an account, player, bet or market book of its sibling B's
 * subtree gets 404 and changes nothing of B's. Routes not opened to agents answer 404 NOT_FOUND, never
 * 403. Which routes an agent reaches is read from the document, so a new one without a row fails.
 */

const t = useAgentsTest();
type Headers = Record<string, string>;
type Route = { method: string; path: string; key: string };

let network: Network;
let documented: Route[];
/** `METHOD path` of the documented routes an agent gets past the console's gate on. */
const reached = new Set<string>();

const send = (headers: Headers, method: string, url: string, payload?: Record<string, unknown>) =>
  t.ctx.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(method === 'GET' ? {} : { payload: payload ?? {} }),
  });

async function readDocumentedRoutes(): Promise<Route[]> {
  const document = (await t.ctx.app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => {
        const upper = method.toUpperCase();
        return { method: upper, path, key: `${upper} ${path}` };
      }),
    );
}

beforeAll(async () => {
  network = await siblingNetwork(t.ctx, t.owner, t.ownerHeaders);
  documented = await readDocumentedRoutes();
  // The gate answers an agent 404 NOT_FOUND on a closed route before it runs (the roles test holds it).
  for (const route of documented) {
    const url = route.path.replace(/\{\w+\}/g, () => randomUUID());
    const answer = await send(network.a.headers, route.method, url);
    if (answer.statusCode !== 404 || answer.json().code !== 'NOT_FOUND') reached.add(route.key);
  }
});

const getOk = async (headers: Headers, url: string) => {
  const answer = await send(headers, 'GET', url);
  expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
  return answer.json();
};

/** The HEAD the server answers beside each GET reaches no more than the GET. */
async function expectHeadNotFound(url: string) {
  const head = await t.ctx.app.inject({ method: 'HEAD', url, headers: network.a.headers });
  expect(head.statusCode, `HEAD ${url}`).toBe(404);
}

/** Everything of B's subtree a refused request could have touched, read as the owner. */
async function stateOfB() {
  const { b, market } = network;
  const owner = t.ownerHeaders;
  const house = await getOk(owner, '/api/admin/downline?limit=200');
  const read = (url: string) => getOk(owner, url);
  return {
    top: house.items.find((item: { id: string }) => item.id === b.top.id),
    downline: await read(`/api/admin/downline?accountId=${b.top.id}`),
    grandchildren: await read(`/api/admin/downline?accountId=${b.child.id}`),
    statements: await Promise.all(
      [b.top.id, b.child.id, b.player.id].map((id) => read(`/api/admin/accounts/${id}/statement`)),
    ),
    bets: await read(`/api/admin/downline/bets?accountId=${b.top.id}`),
    book: await read(`/api/admin/markets/${market.id}/book?accountId=${b.top.id}`),
    audit: await read('/api/admin/audit?limit=20'),
  };
}

describe('agent isolation over every admin route', () => {
  it('has an isolation row for exactly the documented routes an agent reaches', () => {
    expect(documented.length).toBeGreaterThan(Object.keys(ISOLATION).length);
    expect([...reached].sort()).toEqual(Object.keys(ISOLATION).sort());
  });

  for (const [key, probesOf] of Object.entries(ISOLATION)) {
    it(`${key}: 404 for every id of a sibling's subtree, and nothing of it changes`, async () => {
      const method = key.split(' ')[0]!;
      const before = await stateOfB();
      const probes = probesOf(network);
      expect(probes.length).toBeGreaterThan(0);
      for (const probe of probes) {
        const answer = await send(network.a.headers, method, probe.url, probe.payload);
        expect([answer.statusCode, answer.json().code], `${method} ${probe.url}`).toEqual([404, probe.code]);
        if (method === 'GET') await expectHeadNotFound(probe.url);
      }
      expect(await stateOfB()).toEqual(before);
    });
  }

  it('answers 404 NOT_FOUND, never 403, on every route closed to agents, with ids of a sibling', async () => {
    const closed = documented.filter((route) => !reached.has(route.key));
    expect(closed.length).toBeGreaterThan(0);
    const before = await stateOfB();
    for (const route of closed) {
      const url = `${closedRouteUrl(route.path, network)}?accountId=${network.b.top.id}`;
      const answer = await send(network.a.headers, route.method, url, { accountId: network.b.top.id });
      expect([answer.statusCode, answer.json().code], route.key).toEqual([404, 'NOT_FOUND']);
      if (route.method === 'GET') await expectHeadNotFound(url);
    }
    expect(await stateOfB()).toEqual(before);
  });

  it("shows an agent's own lists, book and report without anything of its sibling's subtree", async () => {
    const { a, b, market } = network;
    const bets = await getOk(a.headers, '/api/admin/downline/bets');
    expect(bets.items.map((bet: { playerId: string }) => bet.playerId)).toEqual([a.player.id]);
    const csv = await send(a.headers, 'GET', '/api/admin/downline/bets?format=csv');
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(csv.body).not.toContain(network.betOfB);
    const booked = await getOk(a.headers, '/api/admin/downline/markets');
    expect(booked.items).toEqual([expect.objectContaining({ id: market.id, bets: 1 })]);
    // The subtree's results as staff see them (staff's own part is the house's, docs/decisions/0316).
    const subtreeOf = async (headers: Record<string, string>, query = '') =>
      (await getOk(headers, `/api/admin/markets/${market.id}/book${query}`)).runners.map(
        (runner: { subtreeIfWins: string }) => runner.subtreeIfWins,
      );
    const book = await subtreeOf(a.headers);
    expect(book).toEqual(await subtreeOf(t.ownerHeaders, `?accountId=${a.top.id}`));
    expect(book).not.toEqual(await subtreeOf(t.ownerHeaders, `?accountId=${b.top.id}`));
    const downline = await getOk(a.headers, '/api/admin/downline');
    expect(downline.items.map((item: { id: string }) => item.id)).toEqual([a.child.id]);
    for (const groupBy of ['child', 'market', 'day']) {
      const report = await send(
        a.headers,
        'GET',
        `/api/admin/reports/downline-pl?groupBy=${groupBy}&format=csv`,
      );
      expect(report.statusCode).toBe(200);
      for (const id of [b.top.id, b.child.id, b.player.id]) expect(report.body).not.toContain(id);
    }
  });
});
