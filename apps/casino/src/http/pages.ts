import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/**
 * Serves the built game pages: hashed assets under /assets/ (cached for a year), and the one HTML shell
 * for /play/<gameId> and /verify (never cached, so a new build is picked up at once).
 */
export async function registerPages(app: FastifyInstance, distDir: string): Promise<void> {
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
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .sendFile('index.html', distDir);
  app.get('/play/:gameId', shell);
  app.get('/verify', shell);
  app.get('/', (_request, reply) => reply.redirect('/verify'));
}
