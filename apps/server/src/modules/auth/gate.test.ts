import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { registerAuth } from './gate.ts';
import { registerErrorHandling } from '../../plugins/errors.ts';

const GATE_MESSAGE = 'Please sign in: this request needs a bearer token.';
const SECRET = { secret: 'only for signed-in callers' };

let ctx: TestContext;
let gate: FastifyInstance;
let token: Record<string, string>;
let webDistDir: string;

/** The bearer gate alone, in front of routes whose handlers deliberately check nothing themselves. */
async function gateWithDummyRoutes(deps: TestContext['deps']): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandling(app);
  registerAuth(app, deps);
  app.get('/api/unguarded', async () => SECRET);
  app.get('/casino/unguarded', async () => SECRET);
  app.get('/casino/open', { config: { public: true } }, async () => ({ open: true }));
  app.post('/api/wallet/test-callback', { config: { auth: 'signed' } }, async () => ({ signed: true }));
  app.get('/elsewhere', async () => ({ ungated: true }));
  await app.ready();
  return app;
}

beforeAll(async () => {
  webDistDir = mkdtempSync(join(tmpdir(), 'backlay-spa-'));
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>Backlay</title>');
  ctx = await startTestApp({}, { webDistDir });
  gate = await gateWithDummyRoutes(ctx.deps);
  token = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(async () => {
  await gate.close();
  await ctx.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

const SPELLINGS = ['/api/unguarded', '/%61pi/unguarded', '/api/%75nguarded', '/%61%70%69/unguarded'];
const UNROUTED = ['//api/unguarded', '/api/unguarded/', '/API/unguarded', '/api/unguarded%2F'];

describe('the bearer gate decides by the matched route, not by the URL spelling', () => {
  it.each(SPELLINGS)('%s without a token meets the gate', async (url) => {
    const response = await gate.inject({ url });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(GATE_MESSAGE);
  });

  it.each(SPELLINGS)('%s with a token reaches the route', async (url) => {
    const response = await gate.inject({ url, headers: token });
    expect(response.json()).toEqual(SECRET);
  });

  it.each(UNROUTED)('%s matches no route and runs no handler', async (url) => {
    const response = await gate.inject({ url });
    expect(response.statusCode).toBe(404);
  });

  it('denies routes under /casino by default and lets public ones through', async () => {
    expect((await gate.inject({ url: '/c%61sino/unguarded' })).statusCode).toBe(401);
    expect((await gate.inject({ url: '/casino/open' })).json()).toEqual({ open: true });
  });

  it('lets a signed server-to-server callback through without a bearer token', async () => {
    const response = await gate.inject({ method: 'POST', url: '/api/wallet/test-callback' });
    expect(response.json()).toEqual({ signed: true });
  });

  it('leaves routes outside /api and /casino alone', async () => {
    expect((await gate.inject({ url: '/elsewhere' })).json()).toEqual({ ungated: true });
  });
});

describe('the portal: every spelling of /api/me meets the same check', () => {
  it.each(['/api/me', '/%61pi/me', '/api/%6De'])(
    '%s: 401 from the gate without a token, 200 with',
    async (url) => {
      const anonymous = await ctx.app.inject({ url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe(GATE_MESSAGE);
      const signedIn = await ctx.app.inject({ url, headers: token });
      expect(signedIn.json().user.email).toBe(TEST_ADMIN.email);
    },
  );

  // These reach the SPA's file route at most, which refuses them (403 for `//`, else 404).
  it.each(['//api/me', '/api/me/', '/API/me'])(
    '%s: no API route, so refused with or without a token',
    async (url) => {
      for (const headers of [{}, token]) {
        const response = await ctx.app.inject({ url, headers });
        expect([403, 404]).toContain(response.statusCode);
        expect(response.headers['cache-control']).toBe('no-store');
      }
    },
  );

  it('serves the docs without a token', async () => {
    expect((await ctx.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/%61pi/docs/json' })).statusCode).toBe(200);
  });
});
