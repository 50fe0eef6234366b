import type { Feed, FeedFile } from '@backlay/contracts';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import type { TestContext } from '../../test/test-app.ts';
import { waitFor } from '../../test/pg-outage.ts';
import type { Sql } from '../../db/database.ts';
import { insertFeed } from './feeds-repo.ts';

export type Headers = Record<string, string>;

/** The recordings shared beside the repository (../shared/data/betfair-recordings/README.md). */
export const RECORDINGS = fileURLToPath(
  new URL('../../../../../../shared/data/betfair-recordings', import.meta.url),
);
export const recording = (name: string) => `${RECORDINGS}/${name}`;

const BOUNDARY = 'feedsTestBoundary7MA4YWxkTrZu0gW';

const partHead = (name: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
const partTail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
export const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** Uploads bytes as the console does (multipart, field `file`). */
export function uploadBytes(t: TestContext, headers: Headers, name: string, content: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/feed-files',
    headers: { ...headers, ...multipartHeaders },
    payload: Buffer.concat([partHead(name), content, partTail]),
  });
}

/** A multipart body of `fileBytes` bytes, generated as it is read: nothing that size is held in memory. */
export function generatedUpload(fileBytes: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024, 0x61);
  let left = fileBytes;
  let headSent = false;
  let tailSent = false;
  return new Readable({
    read() {
      if (!headSent) {
        headSent = true;
        this.push(partHead('huge.bin'));
      } else if (left > 0) {
        const size = Math.min(left, chunk.length);
        left -= size;
        this.push(size === chunk.length ? chunk : chunk.subarray(0, size));
      } else if (!tailSent) {
        tailSent = true;
        this.push(partTail);
      } else this.push(null);
    },
  });
}

export async function uploadRecording(t: TestContext, headers: Headers, name: string): Promise<FeedFile> {
  const response = await uploadBytes(t, headers, basename(name), readFileSync(recording(name)));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ file: FeedFile }>().file;
}

export async function readFeedView(t: TestContext, headers: Headers, feedId: string): Promise<Feed> {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/feeds/${feedId}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ feed: Feed }>().feed;
}

export async function createReplay(
  t: TestContext,
  headers: Headers,
  body: Record<string, unknown>,
): Promise<Feed> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/feeds',
    headers,
    payload: { kind: 'replay', speed: 10_000, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ feed: Feed }>().feed;
}

/** Waits until the feed is in one of these states; answers it then. */
export async function feedInState(
  t: TestContext,
  headers: Headers,
  feedId: string,
  states: readonly Feed['state'][],
  timeoutMs = 15_000,
): Promise<Feed> {
  let feed: Feed | undefined;
  await waitFor(async () => {
    feed = await readFeedView(t, headers, feedId);
    return states.includes(feed.state);
  }, timeoutMs);
  return feed!;
}

/** A running replay of no files written straight to the database, for tests below the API; its id. */
export async function insertTestReplay(sql: Sql, totalLines: number): Promise<string> {
  const id = randomUUID();
  await insertFeed(sql, {
    id,
    kind: 'replay',
    state: 'running',
    speed: 1,
    maxGapMs: null,
    untilPt: null,
    settleFrom: 'source',
    fileIds: [],
    config: {},
    totalLines,
  });
  return id;
}
