import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { expectRefused, rowCount, sendJson } from './bad-input-kit.ts';
import { createReplay, feedInState, uploadRecording, type Headers } from './feeds-test-kit.ts';

/**
 * Hostile input to a mirrored market's routes (its liability cap, its source book, a result's
 * confirmation): a 4xx that says what is wrong, never a 5xx, and the market's cap as it was.
 */

let t: TestContext;
let admin: Headers;
let feedId: string;
let marketId: string;

beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'feeds-bad-mirror-')) });
  admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
  const file = await uploadRecording(t, admin, 'flumine/1.197931750');
  feedId = (await createReplay(t, admin, { fileIds: [file.id] })).id;
  const feed = await feedInState(t, admin, feedId, ['finished']);
  marketId = feed.markets[0]!.marketId;
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  sendJson(t, admin, method, url, payload);

const long = 'a'.repeat(10_000);

describe('a market’s mirror and source', () => {
  it.each([
    ['a NUL in the id', 'GET', '/api/admin/markets/%00/mirror', 400],
    ['a newline in the id', 'GET', '/api/admin/markets/a%0Ab/mirror', 400],
    ['an upper-case id', 'GET', '/api/admin/markets/UPPER.case/mirror', 400],
    ['an id past the path limit', 'GET', `/api/admin/markets/${long}/mirror`, 414],
    ['an unknown market', 'GET', '/api/admin/markets/no-such.market/mirror', 404],
    ['a cap on an unknown market', 'PATCH', '/api/admin/markets/no-such.market/mirror', 404],
    ['a cap with a NUL in the id', 'PATCH', '/api/admin/markets/%00/mirror', 400],
    ['the source of a NUL id', 'GET', '/api/markets/%00/source', 400],
    ['the source of an id past the path limit', 'GET', `/api/markets/${long}/source`, 414],
    ['the source of an unknown market', 'GET', '/api/markets/no-such.market/source', 404],
  ] as const)('refuses %s', async (_name, method, url, status) => {
    expectRefused(await send(method, url, method === 'PATCH' ? { liabilityCap: '100' } : undefined), status);
  });

  it.each([
    ['a negative number', -1],
    ['a negative amount', '-5'],
    ['a huge number', 1e308],
    ['an amount past the largest stake', '99999999999999999999'],
    ['three decimals', '1.001'],
    ['words', 'abc'],
    ['an empty amount', ''],
    ['a NUL', '1\u0000'],
    ['an over-long amount', '1'.repeat(65)],
    ['null', null],
    ['true', true],
    ['an object', {}],
    ['a list', ['100']],
  ])('refuses a cap of %s and keeps the cap it had', async (_name, liabilityCap) => {
    const before = (await send('GET', `/api/admin/markets/${marketId}/mirror`)).json();
    expectRefused(await send('PATCH', `/api/admin/markets/${marketId}/mirror`, { liabilityCap }), 400);
    expect((await send('GET', `/api/admin/markets/${marketId}/mirror`)).json()).toEqual(before);
    const audits = 'SELECT count(*) AS n FROM audit_log WHERE action = $1';
    expect(await rowCount(t, audits, ['market mirror cap'])).toBe(0);
  });

  it('refuses an unknown field and a body that is no object', async () => {
    const url = `/api/admin/markets/${marketId}/mirror`;
    for (const body of [{ liabilityCap: '100', extra: 1 }, {}, '100', [{ liabilityCap: '100' }]])
      expectRefused(await send('PATCH', url, body), 400);
  });

  it('answers the source book of a mirrored market', async () => {
    expect((await send('GET', `/api/markets/${marketId}/source`)).statusCode).toBe(200);
  });

  it('refuses 50 confirmations at once of a result that does not wait for one, changing nothing', async () => {
    const url = `/api/admin/feeds/${feedId}/markets/${marketId}/confirm`;
    const answers = await Promise.all(Array.from({ length: 50 }, () => send('POST', url)));
    for (const answer of answers) expectRefused(answer, 409, 'NO_PENDING_RESULT');
    const audits = 'SELECT count(*) AS n FROM audit_log WHERE action = $1';
    expect(await rowCount(t, audits, ['feed result confirm'])).toBe(0);
  });
});
