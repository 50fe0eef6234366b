import type { SourceBook } from '@backlay/contracts';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { waitFor } from '../../test/pg-outage.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import {
  createReplay,
  feedInState,
  readFeedView,
  recording,
  uploadRecording,
  type Headers,
} from './feeds-test-kit.ts';
import { feedUnitId } from './ids.ts';
import { startFeeds } from './index.ts';

let db: Database;
let t: TestContext;
let admin: Headers;
const dataDir = mkdtempSync(join(tmpdir(), 'feeds-takeover-'));
const WIN = 'flumine/1.197931750';
const LINES = readFileSync(recording(WIN), 'utf8').split('\n').filter(Boolean).length;

/** An instance as the server runs it: its workers started, live feeds kept owned. */
async function startInstance(): Promise<void> {
  t = await startTestApp({ DATA_DIR: dataDir }, {}, db);
  admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
  await startFeeds(t.deps);
  await t.deps.lifecycle.start();
}

beforeAll(async () => {
  db = await openTestDatabase();
  await startInstance();
});
afterAll(async () => {
  await t.deps.lifecycle.stop();
  await t.close();
  await db.close();
});

/** The lease row's holder; PGlite grants leases without rows, so there it is always none. */
async function leaseHolder(feedId: string): Promise<string | null> {
  const rows = await db.query<{ owner: string }>('SELECT owner FROM unit_leases WHERE unit_id = $1', [
    feedUnitId(feedId),
  ]);
  return rows[0]?.owner ?? null;
}
const heldHere = () => (db.kind === 'postgres' ? t.deps.units.instanceId : null);

/** The feed's unit is held nowhere: not owned by this instance, and no lease row on PostgreSQL. */
async function givenBack(feedId: string): Promise<boolean> {
  return !t.deps.units.owns(feedUnitId(feedId)) && (await leaseHolder(feedId)) === null;
}

/** The source book of the feed's one market, without what differs between two feeds of one file. */
async function finalBook(feedId: string): Promise<Omit<SourceBook, 'feedId'>> {
  const [market] = (await readFeedView(t, admin, feedId)).markets;
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/markets/${market!.marketId}/source`,
    headers: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { feedId: _feedId, ...book } = response.json<SourceBook>();
  return book;
}

it('is taken over at once after its instance stops mid-replay, from the last line it applied', async () => {
  const file = await uploadRecording(t, admin, WIN);
  const feed = await createReplay(t, admin, { fileIds: [file.id], speed: 100, maxGapMs: 1_000 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(t.deps.units.owns(feedUnitId(feed.id))).toBe(true);
  expect(await leaseHolder(feed.id)).toBe(heldHere());
  // A graceful stop, as on SIGTERM: workers drain (the feed's unit ends), then the app closes.
  await t.deps.lifecycle.stop();
  await t.close();
  expect(await leaseHolder(feed.id)).toBeNull();
  const before = await db.query<{ state: string; applied: string }>(
    'SELECT state, applied FROM feeds WHERE id = $1',
    [feed.id],
  );
  expect(before[0]?.state).toBe('running');
  expect(Number(before[0]?.applied)).toBeLessThan(LINES);

  await startInstance();
  // Far under the lease's lifetime (10 s), which a lease left behind would make the new owner wait out.
  const takenAfterMs = await waitFor(() => t.deps.units.owns(feedUnitId(feed.id)), 3_000);
  expect(takenAfterMs).toBeLessThan(t.deps.units.options.leaseTtlMs / 3);
  const finished = await feedInState(t, admin, feed.id, ['finished'], 30_000);
  expect(finished).toMatchObject({ applied: LINES, skipped: 0 });
  expect(finished.markets).toHaveLength(1);

  // The same file replayed straight through on one instance ends with the same book.
  const straight = await createReplay(t, admin, { fileIds: [file.id], maxGapMs: 10 });
  expect(await feedInState(t, admin, straight.id, ['finished'])).toMatchObject({ applied: LINES });
  expect(await finalBook(feed.id)).toEqual(await finalBook(straight.id));
});

it('gives an ended feed’s unit back, and answers for the feed as before', async () => {
  const file = await uploadRecording(t, admin, WIN);
  const finished = await createReplay(t, admin, { fileIds: [file.id], maxGapMs: 10 });
  expect(await feedInState(t, admin, finished.id, ['finished'])).toMatchObject({ applied: LINES });
  await waitFor(() => givenBack(finished.id), 2_000);

  const pause = await t.app.inject({
    method: 'POST',
    url: `/api/admin/feeds/${finished.id}/pause`,
    headers: admin,
  });
  expect(pause.statusCode, pause.body).toBe(409);
  expect(pause.json()).toMatchObject({ code: 'FEED_ENDED' });
  await waitFor(() => givenBack(finished.id), 2_000);
  expect(await readFeedView(t, admin, finished.id)).toMatchObject({ state: 'finished', applied: LINES });

  const running = await createReplay(t, admin, { fileIds: [file.id], speed: 1, maxGapMs: 1_000 });
  await waitFor(() => t.deps.units.owns(feedUnitId(running.id)));
  expect(await leaseHolder(running.id)).toBe(heldHere());
  const stop = await t.app.inject({
    method: 'POST',
    url: `/api/admin/feeds/${running.id}/stop`,
    headers: admin,
  });
  expect(stop.statusCode, stop.body).toBe(200);
  expect(stop.json()).toMatchObject({ feed: { state: 'stopped' } });
  await waitFor(() => givenBack(running.id), 2_000);
});
