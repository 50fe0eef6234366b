import type { FeedFilesPage } from '@backlay/contracts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { uploadRecording, type Headers } from './feeds-test-kit.ts';

let t: TestContext;
let admin: Headers;

beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'feed-file-list-')) });
  admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(async () => {
  await t.close();
});

const list = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/feed-files${query}`, headers: admin });

it('lists the stored files newest first, a page at a time, each with its kind and upload time', async () => {
  const uploaded = [];
  for (const name of [
    'flumine/1.197931750',
    'flumine/catalogues/1.197931750.json',
    'betfairlightweight/CRICKET-1.179676557',
  ])
    uploaded.push(await uploadRecording(t, admin, name));
  const first = await list('?limit=2');
  expect(first.statusCode, first.body).toBe(200);
  const page = first.json<FeedFilesPage>();
  expect(page.items.map((file) => [file.id, file.kind])).toEqual([
    [uploaded[2]!.id, 'sports-data'],
    [uploaded[1]!.id, 'catalogue'],
  ]);
  expect(Date.parse(page.items[0]!.uploadedAt)).toBeGreaterThan(Date.now() - 60_000);
  expect(page.next).not.toBeNull();
  const second = (await list(`?limit=2&cursor=${page.next}`)).json<FeedFilesPage>();
  expect(second.items).toEqual([{ ...uploaded[0], uploadedAt: expect.any(String) }]);
  expect(second.next).toBeNull();
});

it('refuses a cursor it did not give and a limit out of range with 400', async () => {
  for (const query of ['?cursor=abc', '?cursor=1_x', '?limit=0', '?limit=201', '?page=2']) {
    const refused = await list(query);
    expect(refused.statusCode, query).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_REQUEST' });
  }
});
