import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { expectRefused, multipartBody, rowCount, sendJson } from './bad-input-kit.ts';
import {
  createReplay,
  feedInState,
  recording as recordingPath,
  uploadRecording,
  type Headers,
} from './feeds-test-kit.ts';

/**
 * Hostile input to the feeds routes: every case is refused with a 4xx that says what is wrong (never a
 * 5xx), and leaves no feed, file, audit entry or change behind.
 */

let t: TestContext;
let admin: Headers;
let fileId: string;
const dataDir = mkdtempSync(join(tmpdir(), 'feeds-bad-input-'));

beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: dataDir });
  admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
  fileId = (await uploadRecording(t, admin, 'flumine/1.197931750')).id;
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  sendJson(t, admin, method, url, payload);

const created = () => rowCount(t, 'SELECT count(*) AS n FROM feeds');
const audited = (action: string) =>
  rowCount(t, 'SELECT count(*) AS n FROM audit_log WHERE action = $1', [action]);

const replay = (more: Record<string, unknown>) => ({ kind: 'replay', fileIds: [fileId], speed: 10, ...more });
const stream = (more: Record<string, unknown>) => ({
  kind: 'stream',
  host: 'stream.test',
  port: 443,
  appKey: 'key',
  session: 'token',
  filter: {},
  ...more,
});

describe('creating a feed', () => {
  it.each([
    ['a NUL in a file id', replay({ fileIds: ['a\u0000'] })],
    ['a file id that is no uuid', replay({ fileIds: ['1.197931750'] })],
    ['a file id that is a number', replay({ fileIds: [42] })],
    ['no file ids', replay({ fileIds: [] })],
    ['51 file ids', replay({ fileIds: Array.from({ length: 51 }, () => fileId) })],
    ['a negative speed', replay({ speed: -1 })],
    ['a huge speed', replay({ speed: 1e308 })],
    ['a speed as text', replay({ speed: '10' })],
    ['a negative maxGapMs', replay({ maxGapMs: -5 })],
    ['a huge maxGapMs', replay({ maxGapMs: 2 ** 53 })],
    ['a fractional until', replay({ until: 1.5 })],
    ['a negative until', replay({ until: -1 })],
    ['an until past the safe integers', replay({ until: 2 ** 60 })],
    ['an unknown settleFrom', replay({ settleFrom: 'house' })],
    ['an unknown field', replay({ colour: 'red' })],
    ['an unknown kind', replay({ kind: 'live' })],
    ['a body that is a list', [replay({})]],
    ['a body that is text', 'replay'],
    ['a NUL in the host', stream({ host: 'stream\u0000.test' })],
    ['a newline in the app key', stream({ appKey: 'key\nX-Injected: 1' })],
    ['an over-long host', stream({ host: 'h'.repeat(254) })],
    ['an over-long session', stream({ session: 's'.repeat(501) })],
    ['port 0', stream({ port: 0 })],
    ['a negative port', stream({ port: -443 })],
    ['a port past 65535', stream({ port: 70_000 })],
    ['a port as text', stream({ port: '443' })],
    ['no session and no login', stream({ session: undefined })],
    [
      'a login whose identity URL is no URL',
      stream({ login: { identityUrl: 'x', username: 'u', password: 'p' } }),
    ],
    ['an over-long market id in the filter', stream({ filter: { marketIds: ['1'.repeat(41)] } })],
    ['a filter that is a list', stream({ filter: [] })],
    ['a lower-case country code', stream({ filter: { countryCodes: ['gb'] } })],
    ['eleven ladder levels', stream({ ladderLevels: 11 })],
    ['a field name with a space', stream({ fields: ['EX BEST'] })],
  ])('refuses %s with 400 and creates nothing', async (_name, body) => {
    const [feedsBefore, auditBefore] = [await created(), await audited('feed create')];
    expectRefused(await send('POST', '/api/admin/feeds', body), 400);
    expect([await created(), await audited('feed create')]).toEqual([feedsBefore, auditBefore]);
  });

  it('refuses a body past the size limit with 413 and creates nothing', async () => {
    const feedsBefore = await created();
    const response = await send('POST', '/api/admin/feeds', stream({ tls: { ca: 'c'.repeat(2_000_000) } }));
    expectRefused(response, 413);
    expect(await created()).toBe(feedsBefore);
  });

  it('answers 404 for a file that does not exist, and creates nothing', async () => {
    const feedsBefore = await created();
    const response = await send('POST', '/api/admin/feeds', replay({ fileIds: [fileId, randomUUID()] }));
    expectRefused(response, 404, 'FEED_FILE_NOT_FOUND');
    expect(await created()).toBe(feedsBefore);
  });

  it('creates 50 feeds for 50 identical requests at once, each audited once', async () => {
    const [feedsBefore, auditBefore] = [await created(), await audited('feed create')];
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => send('POST', '/api/admin/feeds', replay({ until: 0 }))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(201));
    const ids = new Set(answers.map((answer) => answer.json<{ feed: { id: string } }>().feed.id));
    expect(ids.size).toBe(50);
    expect([await created(), await audited('feed create')]).toEqual([feedsBefore + 50, auditBefore + 50]);
    for (const id of ids) expect((await send('POST', `/api/admin/feeds/${id}/stop`)).statusCode).toBe(200);
  });
});

describe('a feed’s controls', () => {
  const unknown = randomUUID();
  const long = 'a'.repeat(10_000);
  it.each([
    ['a NUL in the id', 'GET', '/api/admin/feeds/%00', 400],
    ['a newline in the id', 'GET', '/api/admin/feeds/a%0Ab', 400],
    ['an id of 90 characters', 'GET', `/api/admin/feeds/${'a'.repeat(90)}`, 400],
    ['an id past the path limit', 'GET', `/api/admin/feeds/${long}`, 414],
    ['a negative number for the id', 'GET', '/api/admin/feeds/-1', 400],
    ['an unknown feed', 'GET', `/api/admin/feeds/${unknown}`, 404],
    ['a pause with a NUL in the id', 'POST', '/api/admin/feeds/%00/pause', 400],
    ['a pause of an unknown feed', 'POST', `/api/admin/feeds/${unknown}/pause`, 404],
    ['a stop of an unknown feed', 'POST', `/api/admin/feeds/${unknown}/stop`, 404],
    ['a resume of an unknown feed', 'POST', `/api/admin/feeds/${unknown}/resume`, 404],
    ['a confirm on an unknown feed', 'POST', `/api/admin/feeds/${unknown}/markets/1.197931750/confirm`, 404],
    ['a confirm with a NUL in the market id', 'POST', `/api/admin/feeds/${unknown}/markets/%00/confirm`, 400],
    [
      'a confirm with a market id past the path limit',
      'POST',
      `/api/admin/feeds/${unknown}/markets/${long}/confirm`,
      414,
    ],
    [
      'a confirm with an upper-case market id',
      'POST',
      `/api/admin/feeds/${unknown}/markets/UPPER.case/confirm`,
      400,
    ],
  ] as const)('refuses %s', async (_name, method, url, status) => {
    expectRefused(await send(method, url), status);
  });

  it('refuses bad speeds and pause points and leaves the feed as it was', async () => {
    const feed = await createReplay(t, admin, { fileIds: [fileId], until: 0 });
    await feedInState(t, admin, feed.id, ['paused']);
    const url = `/api/admin/feeds/${feed.id}`;
    for (const body of [
      {},
      { speed: -1 },
      { speed: 0 },
      { speed: 1e308 },
      { speed: '5' },
      { speed: 5, x: 1 },
    ])
      expectRefused(await send('PATCH', url, body), 400);
    for (const body of [{ until: -1 }, { until: 'soon' }, { until: 2 ** 60 }, { until: 0.5 }, [1], 'x'])
      expectRefused(await send('POST', `${url}/resume`, body), 400);
    expect((await feedInState(t, admin, feed.id, ['paused'])).speed).toBe(10_000);
    expect(
      await rowCount(t, 'SELECT count(*) AS n FROM audit_log WHERE target = $1', [`feed:${feed.id}`]),
    ).toBe(1);
    expectRefused(await send('POST', `${url}/markets/1.197931750/confirm`), 404, 'NOT_MIRRORED');
    expect((await send('POST', `${url}/stop`)).statusCode).toBe(200);
  });

  it('pauses and resumes once for 50 identical requests at once: every answer 200, one audit entry each', async () => {
    const feed = await createReplay(t, admin, { fileIds: [fileId], speed: 1 });
    const url = `/api/admin/feeds/${feed.id}`;
    const all = async (action: 'pause' | 'resume') => {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => send('POST', `${url}/${action}`, {})),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
      const audits = 'SELECT count(*) AS n FROM audit_log WHERE target = $1 AND action = $2';
      expect(await rowCount(t, audits, [`feed:${feed.id}`, `feed ${action}`])).toBe(1);
    };
    await all('pause');
    expect((await feedInState(t, admin, feed.id, ['paused'])).state).toBe('paused');
    await all('resume');
    expect((await feedInState(t, admin, feed.id, ['running'])).state).toBe('running');
    expect((await send('POST', `${url}/stop`)).statusCode).toBe(200);
  });
});

describe('uploading a file', () => {
  const upload = (parts: Parameters<typeof multipartBody>[0]) => {
    const { body, contentType } = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/feed-files',
      headers: { ...admin, 'content-type': contentType },
      payload: body,
    });
  };
  const recording = Buffer.from('{"op":"mcm","pt":1,"clk":"1","mc":[]}\n');

  it.each([
    ['no file field', [{ field: 'other', name: 'a.json', content: recording }], 'FEED_FILE_MISSING'],
    ['only a text field', [{ field: 'file', content: recording }], 'FEED_FILE_MISSING'],
    [
      'an empty file',
      [{ field: 'file', name: 'empty.json', content: Buffer.alloc(0) }],
      'FEED_FILE_UNRECOGNISED',
    ],
    ['a NUL in the file name', [{ field: 'file', name: 'a\u0000.json', content: recording }], 'INVALID_TEXT'],
    [
      'a control character in the file name',
      [{ field: 'file', name: 'a\u001b[2J.json', content: recording }],
      'INVALID_TEXT',
    ],
    [
      'a text-direction override in the file name',
      [{ field: 'file', name: 'a\u202Enosj.exe', content: recording }],
      'INVALID_TEXT',
    ],
  ] as const)('refuses %s with 400 and keeps nothing', async (_name, parts, code) => {
    const filesBefore = await rowCount(t, 'SELECT count(*) AS n FROM feed_files');
    const stored = readdirSync(join(dataDir, 'feed-files')).length;
    expectRefused(await upload(parts), 400, code);
    expect(await rowCount(t, 'SELECT count(*) AS n FROM feed_files')).toBe(filesBefore);
    expect(readdirSync(join(dataDir, 'feed-files'))).toHaveLength(stored);
  });

  it.each([
    ['a gzip file cut in half', (gz: Buffer) => gz.subarray(0, Math.floor(gz.length / 2))],
    [
      'a gzip file with noise after its head',
      (gz: Buffer) => Buffer.concat([gz.subarray(0, 2_000), Buffer.alloc(5_000, 7)]),
    ],
  ])('refuses %s as unrecognised and keeps nothing', async (_name, spoil) => {
    const filesBefore = await rowCount(t, 'SELECT count(*) AS n FROM feed_files');
    const gz = gzipSync(readFileSync(recordingPath('flumine/1.197931750')));
    expectRefused(
      await upload([{ field: 'file', name: 'spoilt.gz', content: spoil(gz) }]),
      400,
      'FEED_FILE_UNRECOGNISED',
    );
    expect(await rowCount(t, 'SELECT count(*) AS n FROM feed_files')).toBe(filesBefore);
  });

  it('refuses a body that is not a well-formed form', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/feed-files',
      headers: { ...admin, 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
    });
    expectRefused(response, 400);
  });

  it('refuses two files with 400 and keeps neither', async () => {
    const filesBefore = await rowCount(t, 'SELECT count(*) AS n FROM feed_files');
    const stored = readdirSync(join(dataDir, 'feed-files')).length;
    const response = await upload([
      { field: 'file', name: 'first.json', content: recording },
      { field: 'file', name: 'second.json', content: recording },
    ]);
    expectRefused(response, 400, 'FEED_FILE_MISSING');
    expect(response.json<{ message: string }>().message).toBe('Send one file only, field `file`.');
    expect(await rowCount(t, 'SELECT count(*) AS n FROM feed_files')).toBe(filesBefore);
    expect(readdirSync(join(dataDir, 'feed-files'))).toHaveLength(stored);
  });

  it('keeps an over-long file name to its first 200 characters', async () => {
    const response = await upload([{ field: 'file', name: `${'n'.repeat(5_000)}.json`, content: recording }]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ file: { name: string } }>().file.name).toBe('n'.repeat(200));
  });
});
