import type { Market } from '@backlay/contracts';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cashDeskClient } from '../../test/cash-desk-client.ts';
import { waitFor } from '../../test/pg-outage.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { auditLedger } from '../wallet/index.ts';
import { ccmLine, CRICKET_EVENT, CRICKET_START_PT, matchOddsLines, uploadText } from './cricket-test-kit.ts';
import { createReplay, feedInState, type Headers } from './feeds-test-kit.ts';
import { mirroredEventId } from './ids.ts';

/**
 * The house's Fancy and Odd-Even lines on a replayed cricket match with sports data (docs/decisions/0279):
 * created and priced from the real score, a bet taken while the replay is paused, settled on the runs
 * the data gave at 6.0 overs, voided when the innings ended first or the data went past the over.
 */

let t: TestContext;
let admin: Headers;

beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'feeds-cricket-lines-')) });
  admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(async () => {
  expect(await auditLedger(t.deps.db)).toEqual([]);
  await t.close();
});

const at = (seconds: number) => CRICKET_START_PT + seconds * 1_000;
const stable = { fixtureInfo: { fixtureStatus: 'IN_RUNNING', maxOvers: 20, eventStatus: 'MATCH_STABLE' } };
const SPORTS = [
  ccmLine(at(1), [{ number: 1, runs: 30, overs: '4.0' }], stable),
  ccmLine(at(10), [{ number: 1, runs: 47, overs: '6.0', wickets: 1 }], stable),
  ccmLine(at(11), [{ number: 1, runs: 48, overs: '6.0', wickets: 1 }], stable),
  ccmLine(at(20), [{ number: 1, runs: 75, overs: '9.3', wickets: 10 }], stable),
  ccmLine(at(21), [
    { number: 1, runs: 75, overs: '9.3', wickets: 10 },
    { number: 2, runs: 0, overs: '0.0' },
  ]),
  ccmLine(at(30), [{ number: 2, runs: 76, overs: '6.4', wickets: 1 }], {
    matchStats: {
      winner: 'Multan Sultans',
      currentInnings: 2,
      inningsStats: [{ inningsNum: 2, battingTeam: 'Multan Sultans', inningsRuns: 76, inningsOvers: '6.4' }],
    },
  }),
];

async function market(id: string): Promise<Market> {
  const response = await t.app.inject({ method: 'GET', url: `/api/markets/${id}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Market>();
}

async function resultOf(marketId: string) {
  const [row] = await t.deps.db.query<{ kind: string; line_result: number | null }>(
    'SELECT kind, line_result FROM market_results WHERE market_id = $1',
    [marketId],
  );
  return row ?? null;
}

async function resume(feedId: string, until?: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/feeds/${feedId}/resume`,
    headers: admin,
    payload: until === undefined ? {} : { until },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function fundedPlayer(): Promise<Headers> {
  const desk = cashDeskClient(t, admin);
  const email = `p-${randomUUID().slice(0, 8)}@test.local`;
  await desk.deposit(await desk.createPlayer(email), { amount: '1000.00', remark: 'test' });
  return bearer(await loginAs(t.app, email, 'secret1'));
}

it('prices the lines from the score, settles 6 over runs on the runs at 6.0 and voids the rest', async () => {
  const stream = await uploadText(t, admin, 'match-odds', matchOddsLines(at(40), 2));
  const sports = await uploadText(t, admin, 'cricket', SPORTS);
  let feed = await createReplay(t, admin, { fileIds: [stream.id, sports.id], until: at(5) });
  feed = await feedInState(t, admin, feed.id, ['paused']);
  const eventId = mirroredEventId(feed.id, CRICKET_EVENT);
  const sixOver = await market(`${eventId}.i1-6-over-runs`);
  // 30 off 4 overs: about 16 more expected from the next 12 balls.
  expect(sixOver).toMatchObject({ type: 'FANCY', name: 'Karachi Kings 6 over runs', status: 'OPEN' });
  expect(sixOver.line!.line).toBeGreaterThan(40);
  expect(sixOver.line!.line).toBeLessThan(52);
  // The house's quotes follow once the exchange has the new market.
  let oddEven = await market(`${eventId}.i1-6-over-odd-even`);
  await waitFor(async () => {
    oddEven = await market(oddEven.id);
    return oddEven.runners[0]!.back.length === 1;
  }, 15_000);
  expect(oddEven).toMatchObject({ type: 'ODD_EVEN', status: 'OPEN' });
  expect(oddEven.runners.map((runner) => runner.id)).toEqual(['odd', 'even']);

  const player = await fundedPlayer();
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/bets',
    headers: player,
    payload: {
      marketId: oddEven.id,
      runnerId: 'odd',
      side: 'BACK',
      price: oddEven.runners[0]!.back[0]!.price,
      stake: '100.00',
      persistence: 'LAPSE',
      clientRef: randomUUID(),
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  expect(placed.json<{ bet: { status: string } }>().bet.status).toBe('MATCHED');

  await resume(feed.id, at(25));
  await feedInState(t, admin, feed.id, ['paused']);
  // The chase began: its lines are offered.
  expect(await market(`${eventId}.i2-6-over-runs`)).toMatchObject({
    name: 'Multan Sultans 6 over runs',
    status: 'OPEN',
  });
  await resume(feed.id);
  await feedInState(t, admin, feed.id, ['finished']);
  // The first change at 6.0 overs gave 47; the extra after it belongs to the seventh over.
  expect(await resultOf(sixOver.id)).toEqual({ kind: 'LINE', line_result: 47 });
  expect(await resultOf(oddEven.id)).toEqual({ kind: 'LINE', line_result: 47 });
  // All out in the tenth over: the 10 and 20 over lines never reached.
  expect(await resultOf(`${eventId}.i1-10-over-runs`)).toEqual({ kind: 'VOID', line_result: null });
  expect(await resultOf(`${eventId}.i1-20-over-runs`)).toEqual({ kind: 'VOID', line_result: null });
  // The chase went past 6.0 without the data showing it, then won: every line of it is void.
  for (const line of ['6-over-runs', '10-over-runs', '6-over-odd-even'])
    expect(await resultOf(`${eventId}.i2-${line}`)).toEqual({ kind: 'VOID', line_result: null });

  // 47 is odd: the back on Odd wins.
  await waitFor(async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/bets?status=settled', headers: player });
    const bets = response.json<{ bets: { status: string; profit?: string | null }[] }>().bets;
    return bets.length === 1 && bets[0]!.status === 'SETTLED' && Number(bets[0]!.profit) > 0;
  }, 15_000);
});
