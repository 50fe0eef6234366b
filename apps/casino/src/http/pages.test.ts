import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, registerPages } from './pages.ts';

const PORTAL = 'http://127.0.0.1:4180';
let distDir: string;

beforeAll(() => {
  distDir = mkdtempSync(join(tmpdir(), 'casino-pages-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>game</title>');
});
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

async function pagesApp(portalUrl?: string) {
  const app = Fastify();
  await registerPages(app, distDir, portalUrl ? { portalUrl } : {});
  return app;
}

const directive = (csp: string, name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `));

describe('game pages in the portal’s frame', () => {
  it.each(['/play/dice?token=t', '/verify'])('lets only the portal frame %s', async (url) => {
    const app = await pagesApp(`${PORTAL}/`);
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(directive(csp, 'frame-ancestors')).toBe(
      'frame-ancestors http://127.0.0.1:4180 http://localhost:4180 http://[::1]:4180',
    );
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    await app.close();
  });

  it('names the portal by its origin, whatever path PORTAL_URL carries', () => {
    const csp = contentSecurityPolicy({ portalUrl: 'https://portal.example.com/base' });
    expect(directive(csp, 'frame-ancestors')).toBe('frame-ancestors https://portal.example.com');
  });

  it('lets no one frame the pages when the portal is not known', async () => {
    const app = await pagesApp();
    const response = await app.inject({ method: 'GET', url: '/play/dice' });
    expect(directive(String(response.headers['content-security-policy']), 'frame-ancestors')).toBe(
      "frame-ancestors 'none'",
    );
    await app.close();
  });

  it('keeps the rest of the policy strict', () => {
    const csp = contentSecurityPolicy({ portalUrl: PORTAL });
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
  });
});
