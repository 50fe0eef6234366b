import type { Feed } from '@backlay/contracts';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import {
  createReplay,
  feedInState,
  generatedUpload,
  multipartHeaders,
  readFeedView,
  uploadBytes,
  uploadRecording,
  type Headers,
} from './feeds-test-kit.ts';

let t: TestContext;
let admin: Headers;
const staff: Record<'trader' | 'support' | 'viewer', Headers> = { trader: {}, support: {}, viewer: {} };
const dataDir = mkdtempSync(join(tmpdir(), 'feeds-api-'));

beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: dataDir });
  admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
  for (const role of ['trader', 'support', 'viewer'] as const) {
    const email = `${role}-${randomUUID().slice(0, 6)}@staff.local`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: admin,
      payload: { email, password: 'staff-password', name: role, role },
    });
    expect(created.statusCode, created.body).toBe(201);
    staff[role] = bearer(await loginAs(t.app, email, 'staff-password'));
  }
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object | undefined, headers: Headers = admin) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

describe('uploads', () => {
  it.each([
    ['flumine/1.197931750', 'stream'],
    ['flumine/1.197931751', 'stream'],
    ['flumine/BASIC-1.132153978', 'stream'],
    ['flumine/catalogues/1.197931750.json', 'catalogue'],
    ['flumine/catalogues/1.197931751.json', 'catalogue'],
    ['betfairlightweight/CRICKET-1.179676557', 'sports-data'],
    ['betfairlightweight/streaming_mcm_RESUB_DELTA.json', 'stream'],
    ['betfairlightweight/streaming_mcm_SUB_IMAGE_no_market_def.json', 'stream'],
  ])('recognises %s as %s', async (name, kind) => {
    const file = await uploadRecording(t, admin, name);
    expect(file).toMatchObject({ kind, name: name.split('/').pop() });
    expect(file.bytes).toBeGreaterThan(0);
    expect(existsSync(join(dataDir, 'feed-files', file.id))).toBe(true);
  });

  it('refuses binary noise with 400 and keeps nothing of it', async () => {
    const before = readdirSync(join(dataDir, 'feed-files')).length;
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256));
    const refused = await uploadBytes(t, admin, 'noise.bin', noise);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'FEED_FILE_UNRECOGNISED' });
    expect(readdirSync(join(dataDir, 'feed-files'))).toHaveLength(before);
  });

  it('refuses a request that is not a form, and one without its file', async () => {
    const json = await post('/api/admin/feed-files', { file: 'x' });
    expect(json.statusCode).toBe(400);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/feed-files',
      headers: { ...admin, ...multipartHeaders },
      payload: Buffer.from('--feedsTestBoundary7MA4YWxkTrZu0gW--\r\n'),
    });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a file over 200 MB with 413, read as it streams in', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/feed-files',
      headers: { ...admin, ...multipartHeaders },
      payload: generatedUpload(200 * 1024 * 1024 + 1),
    });
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'FEED_FILE_TOO_LARGE' });
  }, 60_000);

  it('lets only the owner and traders upload', async () => {
    for (const role of ['support', 'viewer'] as const) {
      const refused = await uploadBytes(t, staff[role], 'x.json', Buffer.from('{}'));
      expect(refused.statusCode).toBe(403);
    }
    await uploadRecording(t, staff.trader, 'flumine/1.197931751');
  });
});

describe('feed controls', () => {
  it('pauses, resumes, changes speed, stops, and refuses what an ended feed cannot do', async () => {
    const file = await uploadRecording(t, admin, 'flumine/BASIC-1.132153978');
    // The recording spans 32 h: capped gaps keep the sped-up rest well inside the wait below.
    const feed = await createReplay(t, admin, { fileIds: [file.id], speed: 1, maxGapMs: 60_000 });
    expect(feed).toMatchObject({ kind: 'replay', state: 'running', speed: 1, settleFrom: 'source' });
    const paused = await post(`/api/admin/feeds/${feed.id}/pause`, undefined);
    expect(paused.json<{ feed: Feed }>().feed.state).toBe('paused');
    const applied = (await readFeedView(t, admin, feed.id)).applied;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await readFeedView(t, admin, feed.id)).applied).toBe(applied);

    const faster = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/feeds/${feed.id}`,
      headers: staff.trader,
      payload: { speed: 10_000 },
    });
    expect(faster.json<{ feed: Feed }>().feed).toMatchObject({ speed: 10_000, state: 'paused' });
    expect((await post(`/api/admin/feeds/${feed.id}/resume`, {})).statusCode).toBe(200);
    const finished = await feedInState(t, admin, feed.id, ['finished']);
    expect(finished.applied + finished.skipped).toBe(480);

    for (const action of ['pause', 'resume', 'stop']) {
      const refused = await post(
        `/api/admin/feeds/${feed.id}/${action}`,
        action === 'resume' ? {} : undefined,
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'FEED_ENDED' });
    }
    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit?limit=50', headers: admin });
    const actions = audit
      .json<{ items: { action: string; target: string }[] }>()
      .items.filter((item) => item.target === `feed:${feed.id}`)
      .map((item) => item.action);
    expect(actions).toEqual(
      expect.arrayContaining(['feed create', 'feed pause', 'feed speed', 'feed resume']),
    );
  });

  it('stops a running feed for good', async () => {
    const file = await uploadRecording(t, admin, 'flumine/BASIC-1.132153978');
    const feed = await createReplay(t, admin, { fileIds: [file.id], speed: 1 });
    const stopped = await post(`/api/admin/feeds/${feed.id}/stop`, undefined);
    expect(stopped.json<{ feed: Feed }>().feed.state).toBe('stopped');
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/feeds', headers: admin });
    expect(listed.json<{ feeds: Feed[] }>().feeds.find((f) => f.id === feed.id)?.state).toBe('stopped');
  });

  it('answers 404 for a feed that does not exist and 400 for a bad body', async () => {
    const unknown = randomUUID();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/feeds/${unknown}`, headers: admin })).statusCode,
    ).toBe(404);
    for (const action of ['pause', 'stop'])
      expect((await post(`/api/admin/feeds/${unknown}/${action}`, undefined)).statusCode).toBe(404);
    expect((await post(`/api/admin/feeds/${unknown}/resume`, {})).statusCode).toBe(404);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/feeds/${unknown}`,
      headers: admin,
      payload: { speed: 5 },
    });
    expect(patched.statusCode).toBe(404);
    expect(
      (await post('/api/admin/feeds', { kind: 'replay', fileIds: [unknown], speed: 10 })).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/admin/feeds', { kind: 'replay', fileIds: [unknown], speed: 0 })).statusCode,
    ).toBe(400);
    expect((await post('/api/admin/feeds', { kind: 'replay', fileIds: [], speed: 10 })).statusCode).toBe(400);
  });

  it('refuses a live stream body that is malformed or has no way to sign in', async () => {
    const body = {
      kind: 'stream',
      host: 'stream-api.betfair.com',
      port: 443,
      appKey: 'key',
      session: 'token',
      filter: { marketIds: ['1.2'] },
    };
    for (const malformed of [
      { ...body, port: 0 },
      { ...body, session: undefined },
      { ...body, filter: 'all' },
    ]) {
      const refused = await post('/api/admin/feeds', malformed);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'INVALID_REQUEST' });
    }
  });

  it('lets support and viewers neither read nor change feeds', async () => {
    for (const role of ['support', 'viewer'] as const) {
      const headers = staff[role];
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/feeds', headers })).statusCode).toBe(403);
      const files = await t.app.inject({ method: 'GET', url: '/api/admin/feed-files', headers });
      expect(files.statusCode).toBe(403);
      expect(
        (await post('/api/admin/feeds', { kind: 'replay', fileIds: [randomUUID()], speed: 10 }, headers))
          .statusCode,
      ).toBe(403);
      expect((await post(`/api/admin/feeds/${randomUUID()}/pause`, undefined, headers)).statusCode).toBe(403);
    }
  });
});
