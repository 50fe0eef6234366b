import Fastify, { type FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../test/test-app.ts';
import { cameOverTls, contentSecurityPolicy, registerSecurity, STATIC_HEADERS } from './security.ts';

const PROXY = '10.1.2.3';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' });
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'GET', url, headers, remoteAddress });

describe('TLS-only headers', () => {
  it('sends neither HSTS nor upgrade-insecure-requests over plain http', async () => {
    const response = await get('/api/me');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const csp = String(response.headers['content-security-policy']);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).toContain("script-src 'self'");
  });

  it('ignores X-Forwarded-Proto from a peer that is not a trusted proxy', async () => {
    const response = await get('/api/me', { 'x-forwarded-proto': 'https' }, '203.0.113.9');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('sends both when a trusted proxy says the browser came over https', async () => {
    const response = await get('/api/me', { 'x-forwarded-proto': 'https' }, PROXY);
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    const plain = await get('/api/me', { 'x-forwarded-proto': 'http' }, PROXY);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('counts a TLS socket as https', () => {
    expect(cameOverTls({ protocol: 'https' })).toBe(true);
    expect(cameOverTls({ protocol: 'http' })).toBe(false);
  });

  it('keeps the docs page free of upgrade-insecure-requests over plain http', async () => {
    const page = await get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('lets the browser connect only to this origin (no ws:/wss: anywhere)', async () => {
    const csp = String((await get('/api/me')).headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/\bwss?:/);
  });
});

describe('frames', () => {
  const directive = (csp: string, name: string) =>
    csp.split('; ').find((part) => part.startsWith(`${name} `));

  it('never lets another page frame the portal', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it.each([false, true])('admits the aggregator’s origin, and only it, as a frame (tls: %s)', (tls) => {
    const csp = contentSecurityPolicy({ frameOrigin: 'https://games.example.com:8443/base/' }, tls);
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' https://games.example.com:8443");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(csp.includes('upgrade-insecure-requests')).toBe(tls);
  });

  it('frames nothing of another origin when no aggregator is given', () => {
    expect(directive(contentSecurityPolicy({}, false), 'frame-src')).toBe("frame-src 'self'");
  });

  it('sends the frame-src it was registered with on every answer', async () => {
    const app = Fastify();
    registerSecurity(app, { frameOrigin: 'http://127.0.0.1:4100' });
    app.get('/page', async () => 'ok');
    const csp = String(
      (await app.inject({ method: 'GET', url: '/page' })).headers['content-security-policy'],
    );
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' http://127.0.0.1:4100");
    await app.close();
  });
});

describe('headers on every answer', () => {
  it.each(['/api/me', '/api/no-such-route', '/'])('sends the fixed security headers on %s', async (url) => {
    const response = await get(url);
    for (const [name, value] of Object.entries(STATIC_HEADERS)) expect(response.headers[name]).toBe(value);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('Cache-Control on the API', () => {
  it.each([
    ['a 401', '/api/me', false],
    ['a 200', '/api/me', true],
    ['a 400', '/api/reports/statement?pageSize=7', true],
    ['a 404 under /api', '/api/no-such-route', false],
    ['a 404 in another spelling', '/%61pi/no-such-route', false],
    ['the OpenAPI document', '/api/docs/json', false],
    ['a docs asset', '/api/docs/static/swagger-initializer.js', false],
  ])('sends no-store on %s', async (_name, url, signedIn) => {
    const headers = signedIn ? bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password)) : {};
    const response = await get(url, headers);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and accepts addresses, CIDR blocks and named ranges', () => {
    const off = parseEnv({});
    expect(off.ok && off.env.TRUST_PROXY).toEqual([]);
    const on = parseEnv({ TRUST_PROXY: '10.0.0.0/8, ::1, fd00::/8 ,loopback' });
    expect(on.ok && on.env.TRUST_PROXY).toEqual(['10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it.each(['proxy.local', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129', '*'])(
    'refuses %s with a clear message',
    (value) => {
      const result = parseEnv({ TRUST_PROXY: value });
      expect(result.ok).toBe(false);
      expect(!result.ok && result.message).toMatch(/^Invalid configuration: TRUST_PROXY: ".*"/);
    },
  );
});

describe('routes that opt in to caching', () => {
  // A bare app with only the edge rules, so each case isolates one route config.
  async function edgeApp() {
    const app = Fastify();
    registerSecurity(app);
    const cached = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=60');
    app.get('/api/opted-in', { config: { cache: 'public' } }, async (_request, reply) =>
      cached(reply).send({}),
    );
    app.get('/api/opted-in-forgot', { config: { cache: 'public' } }, async () => ({}));
    app.get('/api/opted-in-fails', { config: { cache: 'public' } }, async (_request, reply) =>
      cached(reply).code(400).send({ message: 'no' }),
    );
    app.get('/api/not-opted-in', async (_request, reply) => cached(reply).send({}));
    return app;
  }

  it.each([
    ['keeps the header an opted-in success sets', '/api/opted-in', 'public, max-age=60'],
    ['sends no-store when an opted-in route sets none', '/api/opted-in-forgot', 'no-store'],
    ['sends no-store on an opted-in route’s error', '/api/opted-in-fails', 'no-store'],
    ['overrides the header of a route that did not opt in', '/api/not-opted-in', 'no-store'],
  ])('%s', async (_name, url, cacheControl) => {
    const app = await edgeApp();
    const response = await app.inject({ method: 'GET', url });
    expect(response.headers['cache-control']).toBe(cacheControl);
    await app.close();
  });
});
