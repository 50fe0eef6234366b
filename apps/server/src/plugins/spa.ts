import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

/** Serves the built SPA at `/`; routing is hash-based, so only real files are served. */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(`${distDir}/index.html`)) {
    app.log.warn(`no built web app at ${distDir}; run "npm run build -w @backlay/web"`);
    return;
  }
  await app.register(fastifyStatic, { root: distDir, prefix: '/', index: ['index.html'], wildcard: true });
}
