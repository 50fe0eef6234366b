import { catalogueResponseSchema } from '@backlay/contracts';
import { buildCatalogueBody, catalogueEtag, contentEtag, thumbnailForPath } from '@backlay/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../seed.ts';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app.ts';
import { ifNoneMatchHits } from './etag.ts';
import { CATALOGUE_CACHE, THUMBNAIL_CACHE, THUMBNAIL_CSP } from './routes.ts';

let ctx: TestContext;
let player: Record<string, string>;
beforeAll(async () => {
  ctx = await startTestApp();
  player = bearer(await loginAs(ctx.app, DEMO_PLAYER.email, DEMO_PLAYER.password));
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

const body = buildCatalogueBody();
const etag = catalogueEtag(body);

describe('GET /api/catalogue', () => {
  it('answers the catalogue body without a token, matching the declared schema', async () => {
    const response = await get('/api/catalogue');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual(body);
    expect(catalogueResponseSchema.parse(response.json())).toEqual(body);
    const answer = response.json<typeof body>();
    expect([answer.jili.length, answer.spribe.length, answer.jdb.length]).toEqual([185, 11, 131]);
    expect(answer.jdb.find((item) => item.id === 22001)).toMatchObject({
      name: 'Aviator',
      provider: 'jdb',
      gType: 22,
    });
    expect(Object.keys(answer.jili[0]!).sort()).toEqual(['category', 'id', 'img', 'name']);
  });

  it('answers the same to a signed-in player', async () => {
    const response = await get('/api/catalogue', player);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe((await get('/api/catalogue')).body);
  });

  it('tags the answer with the catalogue ETag and lets browsers and proxies keep it', async () => {
    const response = await get('/api/catalogue');
    expect(response.headers.etag).toBe(etag);
    expect(response.headers['cache-control']).toBe(CATALOGUE_CACHE);
    expect(CATALOGUE_CACHE).toBe('public, max-age=300');
  });

  it.each([
    ['the strong tag', etag],
    ['the weak tag', `W/${etag}`],
    ['a list holding it', `"0000", W/"1111",${etag}`],
    ['a list holding its weak form', `"0000" , W/${etag}`],
    ['any tag', '*'],
  ])('answers 304 with no body for %s', async (_label, ifNoneMatch) => {
    const response = await get('/api/catalogue', { 'if-none-match': ifNoneMatch });
    expect(response.statusCode).toBe(304);
    expect(response.body).toBe('');
    expect(response.headers.etag).toBe(etag);
    expect(response.headers['cache-control']).toBe(CATALOGUE_CACHE);
  });

  it.each([
    ['another tag', '"0000"'],
    ['a garbled header', 'W/ nonsense'],
    ['an empty header', ''],
  ])('answers the full body for %s', async (_label, ifNoneMatch) => {
    const response = await get('/api/catalogue', { 'if-none-match': ifNoneMatch });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(body);
  });

  it('is described in the OpenAPI document as needing no token', async () => {
    const document = (await get('/api/docs/json')).json();
    expect(document.paths['/api/catalogue'].get.security).toEqual([]);
    expect(document.paths['/api/catalogue'].get.responses['200']).toBeDefined();
  });

  it('keeps no-store on an error from the cacheable route', async () => {
    const response = await get('/api/catalogue?q=%00');
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['a 401', '/api/me', false],
    ['a 200', '/api/me', true],
    ['a settings answer', '/api/settings/stake-buttons', true],
    ['a 404 under /api', '/api/catalogue/nothing', false],
    ['the OpenAPI document', '/api/docs/json', false],
  ])('leaves no-store on the other API answers: %s', async (_label, url, signedIn) => {
    const response = await get(url, signedIn ? player : {});
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /catalogue/thumbs/:file', () => {
  it('answers an SVG that cannot run scripts, with a strong ETag and a revalidated cache policy', async () => {
    const response = await get('/catalogue/thumbs/22001.svg');
    const svg = thumbnailForPath('22001.svg')!;
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(svg);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.etag).toBe(contentEtag(svg));
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers['cache-control']).toBe(THUMBNAIL_CACHE);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe(THUMBNAIL_CSP);
    expect(THUMBNAIL_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  it('answers 304 when the browser holds the current picture', async () => {
    const first = await get('/catalogue/thumbs/22001.svg');
    const again = await get('/catalogue/thumbs/22001.svg', { 'if-none-match': `W/${first.headers.etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('serves every img the catalogue body names, each with its own picture', async () => {
    const items = [...body.jili, ...body.spribe, ...body.jdb];
    const tags = new Set<string>();
    for (const item of items) {
      const response = await get(item.img);
      expect(response.statusCode, item.img).toBe(200);
      tags.add(String(response.headers.etag));
    }
    expect(tags.size).toBe(items.length);
  });

  it('answers 404 {message, code} for a file that is not a catalogue title', async () => {
    const response = await get('/catalogue/thumbs/99999.svg');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No such thumbnail.', code: 'NOT_FOUND' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-security-policy']).not.toBe(THUMBNAIL_CSP);
  });

  it.each([
    '/catalogue/thumbs/22001',
    '/catalogue/thumbs/22001.SVG',
    '/catalogue/thumbs/22001.svg.svg',
    '/catalogue/thumbs/.svg',
    '/catalogue/thumbs/sports.svg',
    '/catalogue/thumbs/constructor.svg',
    '/catalogue/thumbs/__proto__.svg',
    '/catalogue/thumbs/..%2F..%2Fpackage.json',
    '/catalogue/thumbs/..%2F22001.svg',
    '/catalogue/thumbs/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/catalogue/thumbs/%2F22001.svg',
    '/catalogue/thumbs/22001.svg%2F',
    '/catalogue/thumbs/../../package.json',
    '/catalogue/thumbs/..\\..\\package.json',
    '/catalogue/thumbs/22001.svg/',
    '/catalogue/thumbs/',
  ])('answers %s with a 404, never a 5xx', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('refuses malformed escapes and control characters with a 4xx', async () => {
    const urls = ['%E0%A4%A.svg', '%00.svg', '22001.svg%00', '%FF.svg', '%E2%80%AE22001.svg'];
    for (const url of urls.map((file) => `/catalogue/thumbs/${file}`)) {
      const response = await get(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('ifNoneMatchHits', () => {
  const tag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"x",W/"abc"', true],
    [' * ', true],
    [['"x"', '"abc"'], true],
    ['"a,bc"', false],
    ['"x"', false],
    ['abc', false],
    ['W/abc', false],
    ['"ab"c"', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (header, hit) => {
    expect(ifNoneMatchHits(header, tag)).toBe(hit);
  });

  it('compares a weak server tag by its opaque part', () => {
    expect(ifNoneMatchHits('"abc"', 'W/"abc"')).toBe(true);
  });
});
