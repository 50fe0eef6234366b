import { defaultStakeButtons } from '@backlay/contracts';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDeskClient } from '../test/cash-desk-client.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../test/test-app.ts';

/**
 * Zero 5xx for any input: every registered route, every path parameter, query parameter and body field,
 * a battery of hostile values, as a player and as the operator. Runs on PGlite and on PostgreSQL, which
 * refuse NUL and broken UTF-8 in different ways.
 */

type Route = { method: string; url: string };

/** Every route, read back from Fastify's own route tree (so a new route is fuzzed without being listed). */
export function registeredRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods] = match;
    segments.length = indent.length / 4;
    segments.push(segment);
    for (const method of methods?.split(', ') ?? []) routes.push({ method, url: segments.join('') });
  }
  return routes;
}

const BAD_JSON: unknown[] = [
  '\u0000',
  'a\ud800',
  '\u202egnp.exe',
  'x'.repeat(10_240),
  '9999-12-31',
  '2023-02-30',
  '',
  12345,
  -1,
  1e308,
  true,
  null,
  ['a', 'b'],
  { nested: { deeper: [1, { x: '\u0000' }] } },
];
// Already percent-encoded, as they would arrive on the wire (invalid UTF-8 included).
const BAD_URL_TEXT = [
  '%00',
  '%ED%A0%80',
  '%FF',
  '%E2%80%AEx',
  '%0A',
  'x'.repeat(10_240),
  '9999-12-31',
  '2023-02-30',
  '12345',
  '-1',
  '1e308',
  'NaN',
  '%5B%5D',
  '..%2F..%2Fetc',
  '3F2504E0-4F89-41D3-9A0C-0305E82C3301',
];

const VALID_BODIES: Record<string, () => unknown> = {
  'POST /api/loginUser': () => ({ email: 'nobody@test.local', password: 'wrong-password' }),
  'POST /api/admin/players': () => ({ email: 'fuzz-new@test.local', password: 'secret1', name: 'Fuzz' }),
  'POST /api/admin/players/:id/deposit': () => ({ amount: '1', remark: 'fuzz' }),
  'POST /api/admin/players/:id/withdraw': () => ({ amount: '1', remark: 'fuzz' }),
  'POST /api/admin/players/:id/status': () => ({ status: 'active' }),
  'PUT /api/settings/stake-buttons': () => defaultStakeButtons(),
};

/** Dotted paths of the body's values, first array element only (the others are the same shape). */
function leafPaths(value: unknown, path: string[] = []): string[][] {
  if (Array.isArray(value)) return value.length ? [path, ...leafPaths(value[0], [...path, '0'])] : [path];
  if (typeof value !== 'object' || value === null) return [path];
  const children = Object.entries(value).flatMap(([key, child]) => leafPaths(child, [...path, key]));
  return path.length ? [path, ...children] : children;
}

function withValueAt(body: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(body) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1) as string] = replacement;
  return copy;
}

type Probe = { method: string; url: string; payload?: unknown };

function probesFor(route: Route, doc: OpenApi, playerId: string): Probe[] {
  const { method } = route;
  const params = [...route.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
  const fill = (url: string, name: string, value: string) => {
    const filled = url.replace(name === '*' ? '*' : `:${name}`, value);
    return filled.startsWith('/') ? filled : `/${filled}`;
  };
  const validUrl = params.reduce(
    (url, name) => fill(url, name, name === '*' ? 'index.html' : playerId),
    route.url,
  );
  const operation = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  const queryNames = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const base = VALID_BODIES[`${method} ${route.url}`]?.();
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const payload = hasBody ? (base ?? {}) : undefined;
  const probes: Probe[] = [];
  for (const name of params) {
    for (const bad of BAD_URL_TEXT) probes.push({ method, url: fill(route.url, name, bad), payload });
  }
  for (const name of [...queryNames, 'unknown']) {
    for (const bad of BAD_URL_TEXT) probes.push({ method, url: `${validUrl}?${name}=${bad}`, payload });
    probes.push({ method, url: `${validUrl}?${name}=a&${name}=b`, payload });
    probes.push({ method, url: `${validUrl}?${name}[a]=1`, payload });
  }
  if (hasBody) {
    const schemaFields = Object.keys(
      operation?.requestBody?.content?.['application/json']?.schema?.properties ?? {},
    );
    const paths = [[], ...leafPaths(base ?? {}), ...schemaFields.map((field) => [field])];
    for (const path of paths) {
      for (const bad of BAD_JSON)
        probes.push({ method, url: validUrl, payload: withValueAt(payload, path, bad) });
    }
  }
  return probes;
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string }>;
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

let ctx: TestContext;
let webDistDir: string;

const changesAdminState = (probe: Probe) => probe.method !== 'GET' && probe.url.startsWith('/api/admin/');

async function auditRows(): Promise<number> {
  const [row] = await ctx.deps.db.query<{ rows: string | number }>('SELECT count(*) AS rows FROM audit_log');
  return Number(row?.rows);
}

beforeAll(async () => {
  webDistDir = mkdtempSync(join(tmpdir(), 'backlay-spa-'));
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>Backlay</title>');
  ctx = await startTestApp({}, { webDistDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

describe('every route, hostile input', () => {
  it('finds the routes it fuzzes in the route tree', () => {
    const urls = registeredRoutes(ctx.app).map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining(['POST /api/admin/players/:id/deposit', 'GET /api/reports/statement', 'GET *']),
    );
  });

  it('never answers 5xx, as a player or as the operator', { timeout: 240_000 }, async () => {
    const admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
    const playerId = await cashDeskClient(ctx, admin).createPlayer('fuzz@test.local');
    const player = bearer(await loginAs(ctx.app, 'fuzz@test.local', 'secret1'));
    const doc = ctx.app.swagger() as unknown as OpenApi;
    // Signing out last, so the other routes are fuzzed with a live session.
    const routes = registeredRoutes(ctx.app)
      .filter((route) => route.method !== 'HEAD')
      .sort((a, b) => Number(a.url === '/api/logout') - Number(b.url === '/api/logout'));
    const failures: string[] = [];
    const halfWritten: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const [role, headers] of [
        ['player', player],
        ['operator', admin],
      ] as const) {
        for (const probe of probesFor(route, doc, playerId)) {
          const judged = role === 'operator' && changesAdminState(probe);
          const auditBefore = judged ? await auditRows() : 0;
          const response = await ctx.app.inject({
            method: probe.method as 'GET',
            url: probe.url,
            headers,
            ...(probe.payload === undefined ? {} : { payload: JSON.stringify(probe.payload) }),
            ...(probe.payload === undefined
              ? {}
              : { headers: { ...headers, 'content-type': 'application/json' } }),
          });
          sent += 1;
          if (judged && response.statusCode >= 400 && (await auditRows()) !== auditBefore) {
            halfWritten.push(`${probe.method} ${probe.url.slice(0, 120)} → ${response.statusCode}`);
          }
          if (response.statusCode >= 500) {
            failures.push(
              `${role} ${probe.method} ${probe.url.slice(0, 120)} ${JSON.stringify(probe.payload)?.slice(0, 120)} → ${response.statusCode}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // A refused staff action leaves no trace in the audit log: its row is written with the change or not at all.
    expect(halfWritten).toEqual([]);
    expect(sent).toBeGreaterThan(1_000);
  });
});
