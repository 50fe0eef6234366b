import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cashDeskClient } from '../../test/cash-desk-client.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { auditLedger } from '../wallet/index.ts';
import { createReplay, feedInState, recording, uploadRecording, type Headers } from './feeds-test-kit.ts';

/**
 * The BASIC recording's two non-runners (Betfair rule 13.7, docs/decisions/0269) reach bets placed in
 * the portal while the replay is paused before, between and after them: each matched price is reduced
 * by the factors of the removals that came after it, and the market settles at the reduced prices.
 */

let t: TestContext;
let admin: Headers;

beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'feeds-non-runners-')) });
  admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(async () => {
  expect(await auditLedger(t.deps.db)).toEqual([]);
  await t.close();
});
const FILE = 'flumine/BASIC-1.132153978';
const WINNER = '12115648';

type Removal = { pt: number; factor: number };

/** The lines that first mark each runner removed, read here from the file itself. */
function removalsInFile(): Removal[] {
  const removals: Removal[] = [];
  const seen = new Set<number>();
  for (const line of readFileSync(recording(FILE), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const message = JSON.parse(line) as {
      pt: number;
      mc?: { marketDefinition?: { runners: { id: number; status: string; adjustmentFactor?: number }[] } }[];
    };
    for (const change of message.mc ?? []) {
      for (const runner of change.marketDefinition?.runners ?? []) {
        if (runner.status !== 'REMOVED' || seen.has(runner.id)) continue;
        seen.add(runner.id);
        removals.push({ pt: message.pt, factor: runner.adjustmentFactor ?? 0 });
      }
    }
  }
  return removals;
}

async function fundedPlayer(): Promise<Headers> {
  const desk = cashDeskClient(t, admin);
  const email = `p-${randomUUID().slice(0, 8)}@test.local`;
  await desk.deposit(await desk.createPlayer(email), { amount: '1000.00', remark: 'test' });
  return bearer(await loginAs(t.app, email, 'secret1'));
}

const place = (headers: Headers, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bets',
    headers,
    payload: { persistence: 'LAPSE', clientRef: randomUUID(), ...body },
  });

/** A back and a lay of 100.00 at 8.0 on the winner, matched with each other. */
async function matchedBack(marketId: string) {
  const [backer, layer] = [await fundedPlayer(), await fundedPlayer()];
  const bet = { marketId, runnerId: WINNER, price: 8, stake: '100.00' };
  expect((await place(layer, { ...bet, side: 'LAY' })).statusCode).toBe(201);
  const placed = await place(backer, { ...bet, side: 'BACK' });
  expect(placed.statusCode, placed.body).toBe(201);
  return { auth: backer, betId: placed.json<{ bet: { id: string } }>().bet.id };
}

/** 8.0 reduced by these factors, compounded and rounded down to the hundredth once. */
const reduced = (factors: readonly number[]) =>
  Math.floor(factors.reduce((price, factor) => price * (1 - factor / 100), 800) + 1e-9) / 100;

it('reduces bets matched before each removal by the factors that followed, and settles at those prices', async () => {
  const removals = removalsInFile();
  expect(removals.map((removal) => removal.factor)).toEqual([7.14, 5.55]);
  const file = await uploadRecording(t, admin, FILE);
  const created = await createReplay(t, admin, {
    fileIds: [file.id],
    maxGapMs: 1,
    until: removals[0]!.pt - 1,
  });
  const resumeUntil = async (until?: number) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/feeds/${created.id}/resume`,
      headers: admin,
      payload: until ? { until } : {},
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };

  const marketId = (await feedInState(t, admin, created.id, ['paused'])).markets[0]!.marketId;
  const beforeBoth = await matchedBack(marketId);
  await resumeUntil(removals[1]!.pt - 1);
  await feedInState(t, admin, created.id, ['paused']);
  await t.deps.exchange.idle();
  const between = await matchedBack(marketId);
  await resumeUntil(removals[1]!.pt);
  await feedInState(t, admin, created.id, ['paused']);
  await t.deps.exchange.idle();
  const afterBoth = await matchedBack(marketId);
  await resumeUntil();
  await feedInState(t, admin, created.id, ['finished']);
  await t.deps.exchange.idle();

  const settled = async ({ auth, betId }: { auth: Headers; betId: string }) =>
    (await t.app.inject({ method: 'GET', url: '/api/bets?status=settled', headers: auth }))
      .json<{ bets: { id: string; avgPrice: number | null; profit: string | null }[] }>()
      .bets.find((bet) => bet.id === betId);
  const expected = [reduced([7.14, 5.55]), reduced([5.55]), 8];
  const prices = await Promise.all([beforeBoth, between, afterBoth].map(settled));
  expect(prices.map((bet) => bet?.avgPrice)).toEqual(expected);
  // Winnings at the reduced price: 100.00 × (price − 1), before commission.
  expect(prices.map((bet) => Number(bet?.profit) > 0)).toEqual([true, true, true]);
  expect(Number(prices[0]?.profit)).toBeLessThan(Number(prices[1]?.profit));
  expect(Number(prices[1]?.profit)).toBeLessThan(Number(prices[2]?.profit));
});
