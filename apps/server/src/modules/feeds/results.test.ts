import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '../../test/pg-outage.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { createReplay, feedInState, uploadRecording, type Headers } from './feeds-test-kit.ts';

let t: TestContext;
let admin: Headers;

beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'feeds-results-')) });
  admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(async () => {
  await t.close();
});

const resultOf = async (marketId: string) =>
  (
    await t.deps.db.query<{ kind: string; winner_runner_id: string | null; placings: string[] | null }>(
      'SELECT kind, winner_runner_id, placings FROM market_results WHERE market_id = $1',
      [marketId],
    )
  )[0];

it('marks the non-runners of a recording removed with their factors and records its winner', async () => {
  const file = await uploadRecording(t, admin, 'flumine/BASIC-1.132153978');
  const feed = await feedInState(
    t,
    admin,
    (await createReplay(t, admin, { fileIds: [file.id], maxGapMs: 1 })).id,
    ['finished'],
  );
  const marketId = feed.markets[0]!.marketId;
  const removed = await t.deps.db.query<{ runner_id: string; status: string; adjustment_factor: string }>(
    `SELECT runner_id, status, adjustment_factor::text FROM runners WHERE market_id = $1 AND status = 'REMOVED'
     ORDER BY runner_id`,
    [marketId],
  );
  expect(removed).toEqual([
    { runner_id: '11198538', status: 'REMOVED', adjustment_factor: '7.14' },
    { runner_id: '9606433', status: 'REMOVED', adjustment_factor: '5.55' },
  ]);
  expect(await resultOf(marketId)).toMatchObject({ kind: 'WINNER', winner_runner_id: '12115648' });
  const book = await t.app.inject({ method: 'GET', url: `/api/markets/${marketId}/source`, headers: admin });
  expect(book.json().runners[0]).toMatchObject({ id: '11198538', status: 'REMOVED', adjustmentFactor: 7.14 });
  const [sport] = await t.deps.db.query<{ sport_slug: string }>(
    'SELECT e.sport_slug FROM events e JOIN markets m ON m.event_id = e.id WHERE m.id = $1',
    [marketId],
  );
  expect(sport?.sport_slug).toBe('horse-racing');
});

it('records both placed runners of a place market, with names from its catalogue', async () => {
  const stream = await uploadRecording(t, admin, 'flumine/1.197931751');
  const catalogue = await uploadRecording(t, admin, 'flumine/catalogues/1.197931751.json');
  const created = await createReplay(t, admin, { fileIds: [catalogue.id, stream.id], maxGapMs: 1 });
  const feed = await feedInState(t, admin, created.id, ['finished']);
  const marketId = feed.markets[0]!.marketId;
  const result = await resultOf(marketId);
  expect(result?.kind).toBe('WINNERS');
  expect(result?.placings).toHaveLength(2);
  const market = await t.app.inject({ method: 'GET', url: `/api/markets/${marketId}`, headers: admin });
  expect(market.json().type).toBe('PLACE');
  expect(market.json().runners.map((runner: { name: string }) => runner.name)).toContain('2. Sandwood Jet');
});

it("holds a trader-settled feed's result until a trader confirms it, once", async () => {
  const file = await uploadRecording(t, admin, 'flumine/1.197931750');
  const created = await createReplay(t, admin, { fileIds: [file.id], maxGapMs: 1, settleFrom: 'trader' });
  const feed = await feedInState(t, admin, created.id, ['finished']);
  const [market] = feed.markets;
  expect(market).toMatchObject({ status: 'CLOSED', resultPending: true });
  expect(await resultOf(market!.marketId)).toBeUndefined();
  const url = `/api/admin/feeds/${feed.id}/markets/${market!.marketId}/confirm`;
  const confirmed = await t.app.inject({ method: 'POST', url, headers: admin });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect(confirmed.json().feed.markets[0].resultPending).toBe(false);
  expect(await resultOf(market!.marketId)).toMatchObject({ kind: 'WINNER', winner_runner_id: '37947503' });
  await waitFor(async () => {
    const settled = await t.deps.db.query('SELECT 1 FROM market_settlements WHERE market_id = $1', [
      market!.marketId,
    ]);
    return settled.length === 1;
  });
  const again = await t.app.inject({ method: 'POST', url, headers: admin });
  expect(again.statusCode).toBe(409);
  expect(again.json()).toMatchObject({ code: 'NO_PENDING_RESULT' });
});
