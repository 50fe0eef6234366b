import type { SourceBook } from '@backlay/contracts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { waitFor } from '../../test/pg-outage.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { createReplay, feedInState, uploadRecording, type Headers } from './feeds-test-kit.ts';
import { SOURCE_FRAME_INTERVAL_MS } from './source-topic.ts';

let t: TestContext;
let admin: Headers;

beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'feeds-topic-')) });
  admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(async () => {
  await t.close();
});

it('publishes a market source book at most once per interval, ending with the stored book', async () => {
  const frames: { id: string | undefined; atMs: number; seq: number; data: SourceBook }[] = [];
  const publish = t.deps.streams.publish.bind(t.deps.streams);
  vi.spyOn(t.deps.streams, 'publish').mockImplementation(async (kind, id, update) => {
    if (kind === 'source')
      frames.push({ id, atMs: performance.now(), ...(update as { seq: number; data: SourceBook }) });
    return publish(kind, id, update);
  });
  const file = await uploadRecording(t, admin, 'flumine/1.197931750');
  const feed = await createReplay(t, admin, { fileIds: [file.id], speed: 1_000, maxGapMs: 2_000 });
  const finished = await feedInState(t, admin, feed.id, ['finished'], 30_000);
  const marketId = finished.markets[0]!.marketId;
  const stored = await t.app.inject({
    method: 'GET',
    url: `/api/markets/${marketId}/source`,
    headers: admin,
  });
  await waitFor(() => frames.at(-1)?.seq === stored.json<SourceBook>().pt);
  const ofMarket = frames.filter((frame) => frame.id === marketId);
  expect(ofMarket.length).toBeGreaterThan(1);
  for (let index = 1; index < ofMarket.length; index += 1) {
    expect(ofMarket[index]!.atMs - ofMarket[index - 1]!.atMs).toBeGreaterThanOrEqual(
      SOURCE_FRAME_INTERVAL_MS - 5,
    );
    expect(ofMarket[index]!.seq).toBeGreaterThan(ofMarket[index - 1]!.seq);
  }
  expect(ofMarket.at(-1)!.data).toEqual(stored.json());
  const snapshot = await t.deps.streams.get('source')!.snapshot(marketId, {} as never);
  expect(snapshot).toEqual({ seq: stored.json<SourceBook>().pt, data: stored.json() });
});
