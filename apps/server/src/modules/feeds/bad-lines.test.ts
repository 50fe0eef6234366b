import type { Feed } from '@backlay/contracts';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { createReplay, feedInState, recording, uploadBytes, type Headers } from './feeds-test-kit.ts';

let t: TestContext;
let admin: Headers;

beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'feeds-bad-')) });
  admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(async () => {
  await t.close();
});

const market = '1.197931750';
const change = (pt: number, rc: object) =>
  JSON.stringify({ op: 'mcm', clk: `c${pt}`, pt, mc: [{ id: market, rc: [rc] }] });

it('skips bad lines with an error each and still finishes the replay', async () => {
  const good = readFileSync(recording('flumine/1.197931750'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const firstPt = JSON.parse(good[0]!).pt as number;
  const lines = [
    good[0]!,
    good[1]!.slice(0, 60),
    JSON.stringify({ op: 'xyz', pt: firstPt + 2 }),
    change(firstPt + 3, { id: 42930960, atb: [[1.015, 10]] }),
    change(firstPt + 4, { id: 42930960, atl: [[9.4, -5]] }),
    ...good.slice(2),
  ];
  const upload = await uploadBytes(t, admin, 'bad-lines', Buffer.from(`${lines.join('\n')}\n`));
  expect(upload.statusCode, upload.body).toBe(201);
  const created = await createReplay(t, admin, { fileIds: [upload.json().file.id], maxGapMs: 10 });
  const feed: Feed = await feedInState(t, admin, created.id, ['finished']);
  expect(feed.skipped).toBe(4);
  expect(feed.applied).toBe(lines.length - 4);
  expect(feed.errors.map((error) => error.line)).toEqual([2, 3, 4, 5]);
  expect(feed.errors[1]!.message).toContain('xyz');
  expect(feed.markets).toHaveLength(1);
  const book = await t.app.inject({
    method: 'GET',
    url: `/api/markets/${feed.markets[0]!.marketId}/source`,
    headers: admin,
  });
  expect(book.statusCode).toBe(200);
  const prices = book
    .json<{ runners: { atb: [number, number][] }[] }>()
    .runners.flatMap((runner) => runner.atb.map(([price]) => price));
  expect(prices).not.toContain(1.015);
});

it('answers 404 NOT_MIRRORED for a market with no source', async () => {
  const refused = await t.app.inject({
    method: 'GET',
    url: '/api/markets/no-such-event.match-odds/source',
    headers: admin,
  });
  expect(refused.statusCode).toBe(404);
  expect(refused.json()).toMatchObject({ code: 'NOT_MIRRORED' });
});
