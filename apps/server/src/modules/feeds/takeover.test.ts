import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import {
  createReplay,
  feedInState,
  readFeedView,
  recording,
  uploadRecording,
  type Headers,
} from './feeds-test-kit.ts';
import { startFeeds } from './index.ts';

let db: Database;
let t: TestContext;
let admin: Headers;
const dataDir = mkdtempSync(join(tmpdir(), 'feeds-takeover-'));
const LINES = readFileSync(recording('flumine/1.197931750'), 'utf8').split('\n').filter(Boolean).length;

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

it('goes on by itself after its instance stops mid-replay, from the last line it applied', async () => {
  const file = await uploadRecording(t, admin, 'flumine/1.197931750');
  const feed = await createReplay(t, admin, { fileIds: [file.id], speed: 100, maxGapMs: 1_000 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  // A graceful stop, as on SIGTERM: workers drain (the feed's unit ends), then the app closes.
  await t.deps.lifecycle.stop();
  await t.close();
  const before = await db.query<{ state: string; applied: string }>(
    'SELECT state, applied FROM feeds WHERE id = $1',
    [feed.id],
  );
  expect(before[0]?.state).toBe('running');
  expect(Number(before[0]?.applied)).toBeLessThan(LINES);

  await startInstance();
  const finished = await feedInState(t, admin, feed.id, ['finished'], 30_000);
  expect(finished).toMatchObject({ applied: LINES, skipped: 0 });
  expect((await readFeedView(t, admin, feed.id)).markets).toHaveLength(1);
});
