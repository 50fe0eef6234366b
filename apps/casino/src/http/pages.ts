import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
];

export interface PagesOptions {
  /** The portal (PORTAL_URL): it shows the game pages in its frame page, under its session bar. */
  portalUrl?: string;
}

/**
 * Only the portal may frame a game page; no other site may dress it up as its own. frame-ancestors
 * is the whole rule: X-Frame-Options cannot name another origin, so none is sent.
 */
export function contentSecurityPolicy({ portalUrl }: PagesOptions): string {
  const ancestors = portalUrl ? portalOrigins(portalUrl).join(' ') : "'none'";
  return [...DIRECTIVES, `frame-ancestors ${ancestors}`].join('; ');
}

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * The portal's origin; on this machine every spelling of it, since a player may open the portal at
 * localhost while PORTAL_URL names 127.0.0.1 (and a frame is refused on a single letter's difference).
 */
function portalOrigins(portalUrl: string): string[] {
  const url = new URL(portalUrl);
  if (!LOOPBACK.includes(url.hostname)) return [url.origin];
  return LOOPBACK.map((host) => {
    const twin = new URL(url.origin);
    twin.hostname = host;
    return twin.origin;
  });
}

/**
 * Serves the built game pages: hashed assets under /assets/ (cached for a year), and the one HTML shell
 * for /play/<gameId> and /verify (never cached, so a new build is picked up at once).
 */
export async function registerPages(
  app: FastifyInstance,
  distDir: string,
  options: PagesOptions = {},
): Promise<void> {
  const csp = contentSecurityPolicy(options);
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn(`game pages not built (${distDir}); run npm run build -w @backlay/casino`);
    return;
  }
  await app.register(fastifyStatic, {
    root: join(distDir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
  });
  // The launch token is in the page address: no Referer may carry it to the home link or anywhere else.
  const shell = (_request: unknown, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', csp)
      .sendFile('index.html', distDir);
  app.get('/play/:gameId', shell);
  app.get('/verify', shell);
  app.get('/', (_request, reply) => reply.redirect('/verify'));
}
