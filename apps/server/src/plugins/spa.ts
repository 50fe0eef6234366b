import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Files under `assets/` carry a content hash in their name: a changed file is a new URL. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the manifest, icons) is revalidated on every use (ETag → 304). */
export const REVALIDATE_CACHE = 'no-cache';

function cacheControlFor(distDir: string, filePath: string): string {
  const [topFolder] = relative(distDir, filePath).split(sep);
  return topFolder === 'assets' ? HASHED_ASSET_CACHE : REVALIDATE_CACHE;
}

/**
 * Serves the built SPA at `/`; routing is hash-based, so only real files are served. The web build
 * writes a `.br` and a `.gz` beside every text file (docs/decisions/0080), so nothing is compressed
 * per request: the file matching the request's Accept-Encoding is sent as it is.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(`${distDir}/index.html`)) {
    app.log.warn(`no built web app at ${distDir}; run "npm run build -w @backlay/web"`);
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: ['index.html'],
    wildcard: true,
    preCompressed: true,
    // The build manifest (`.vite/`) is for the build's own checks, not for browsers.
    allowedPath: (pathName: string) => !pathName.split('/').some((segment) => segment.startsWith('.')),
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', cacheControlFor(distDir, filePath));
    },
  });
}

/** Where the operator's console is served (docs/decisions/0250). */
export const BACKOFFICE_PREFIX = '/backoffice/';

/**
 * Serves the console's build under /backoffice/ with the player site's cache rules. Its routes are in
 * the hash, so only its index.html and assets exist; `/backoffice` redirects to the folder. A second
 * registration of the static plugin must not decorate the reply again.
 */
export async function registerBackoffice(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(`${distDir}/index.html`)) {
    app.log.warn(`no built console at ${distDir}; run "npm run build -w @backlay/backoffice"`);
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    // Without the trailing slash the plugin also answers the bare folder name, with a redirect.
    prefix: BACKOFFICE_PREFIX.slice(0, -1),
    redirect: true,
    decorateReply: false,
    index: ['index.html'],
    wildcard: true,
    preCompressed: true,
    allowedPath: (pathName: string) => !pathName.split('/').some((segment) => segment.startsWith('.')),
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', cacheControlFor(distDir, filePath));
    },
  });
}
