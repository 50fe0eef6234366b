import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASHED_ASSET_CACHE, REVALIDATE_CACHE, registerBackoffice, registerSpa } from './spa.ts';

const INDEX_HTML = `<!doctype html><html><head><title>Backlay</title></head><body>${'<p>page</p>'.repeat(40)}</body></html>`;
const ENTRY_JS = `export const answer = ${JSON.stringify('x'.repeat(2000))};`;
const SMALL_SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';

/** A dist folder shaped like the web build's: precompressed siblings beside the big text files. */
function writeDist(dir: string): void {
  mkdirSync(join(dir, 'assets'));
  const withSiblings = (path: string, content: string) => {
    writeFileSync(path, content);
    writeFileSync(`${path}.br`, brotliCompressSync(content));
    writeFileSync(`${path}.gz`, gzipSync(content));
  };
  withSiblings(join(dir, 'index.html'), INDEX_HTML);
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
  withSiblings(join(dir, 'assets', 'index-AbC123.js'), ENTRY_JS);
  writeFileSync(join(dir, 'favicon.svg'), SMALL_SVG);
}

const varyList = (value: unknown) =>
  String(value ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());

describe('SPA static files', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'backlay-spa-'));
    writeDist(dir);
    app = Fastify();
    await registerSpa(app, dir);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli file to a client that accepts br', async () => {
    const response = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ENTRY_JS);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const response = await get('/assets/index-AbC123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(ENTRY_JS);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get('/assets/index-AbC123.js', acceptEncoding);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(ENTRY_JS);
    }
  });

  it('says every answer varies with Accept-Encoding', async () => {
    for (const acceptEncoding of ['br', 'gzip', undefined]) {
      const response = await get('/assets/index-AbC123.js', acceptEncoding);
      expect(varyList(response.headers.vary)).toContain('accept-encoding');
    }
    expect(varyList((await get('/', 'br')).headers.vary)).toContain('accept-encoding');
  });

  it('lets browsers keep hashed assets for a year without asking again', async () => {
    for (const acceptEncoding of ['br', 'gzip', undefined]) {
      const response = await get('/assets/index-AbC123.js', acceptEncoding);
      expect(response.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
    }
    expect(HASHED_ASSET_CACHE).toBe('public, max-age=31536000, immutable');
  });

  it('makes browsers revalidate the page itself, at / and at /index.html, compressed too', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe(REVALIDATE_CACHE);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
    }
    expect(REVALIDATE_CACHE).toBe('no-cache');
    expect((await get('/', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/')).body).toBe(INDEX_HTML);
  });

  it('falls back to the plain file when a file has no compressed sibling', async () => {
    const response = await get('/favicon.svg', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SMALL_SVG);
    expect(response.headers['cache-control']).toBe(REVALIDATE_CACHE);
  });

  it('answers 404 for files that do not exist', async () => {
    expect((await get('/assets/missing-123.js', 'br')).statusCode).toBe(404);
  });

  it('does not serve the build manifest or any other dot folder', async () => {
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
    expect((await get('/assets/../.vite/manifest.json', 'br')).statusCode).toBe(404);
  });
});

describe('the operator console under /backoffice/', () => {
  const CONSOLE_HTML = '<!doctype html><html><head><title>Backlay console</title></head><body></body></html>';
  const CONSOLE_JS = 'export const console = true;';
  let webDir: string;
  let consoleDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'backlay-spa-'));
    consoleDir = mkdtempSync(join(tmpdir(), 'backlay-console-'));
    writeDist(webDir);
    mkdirSync(join(consoleDir, 'assets'));
    writeFileSync(join(consoleDir, 'index.html'), CONSOLE_HTML);
    writeFileSync(join(consoleDir, 'assets', 'index-Zx9.js'), CONSOLE_JS);
    app = Fastify();
    // Both sites in one app, as the server runs them: the second registration must not clash.
    await registerSpa(app, webDir);
    await registerBackoffice(app, consoleDir);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(webDir, { recursive: true, force: true });
    rmSync(consoleDir, { recursive: true, force: true });
  });

  it('serves its own index.html at /backoffice/, revalidated on every use', async () => {
    const response = await app.inject({ method: 'GET', url: '/backoffice/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(response.body).toBe(CONSOLE_HTML);
  });

  it('redirects /backoffice to the folder', async () => {
    const response = await app.inject({ method: 'GET', url: '/backoffice' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/backoffice/');
  });

  it('serves its hashed assets for a year, and the player site stays at /', async () => {
    const asset = await app.inject({ method: 'GET', url: '/backoffice/assets/index-Zx9.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(CONSOLE_JS);
    expect(asset.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
    expect((await app.inject({ method: 'GET', url: '/' })).body).toBe(INDEX_HTML);
    expect((await app.inject({ method: 'GET', url: '/backoffice/assets/missing.js' })).statusCode).toBe(404);
  });
});
