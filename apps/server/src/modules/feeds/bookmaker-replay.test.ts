import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { priceHundredthsOfTick } from '@backlay/exchange';
import { quoteTicks } from '@backlay/feed';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cashDeskClient } from '../../test/cash-desk-client.ts';
import { waitFor } from '../../test/pg-outage.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { auditLedger } from '../wallet/index.ts';
import { createReplay, feedInState, recording, uploadRecording, type Headers } from './feeds-test-kit.ts';

/**
 * The bookmaker line beside a replayed WIN market (docs/decisions/0278): at two pause points its prices
 * are the source's mid prices with the house margin (3 % each side, 0137), computed here from the file
 * itself; a player's back on it is settled by the source's winner, and on a trader-settled feed only
 * once a trader confirms the result.
 */

const FILE = 'flumine/1.197931750';
const TEXT = readFileSync(recording(FILE), 'utf8');
const LINES = TEXT.split('\n').filter((line) => line.trim() !== '');
const ptOfLine = (index: number): number => JSON.parse(LINES[index]!).pt;
const WINNER = '37947503';
const MARGIN_BASIS_POINTS = 300;

let t: TestContext;
let admin: Headers;

beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'feeds-bookmaker-')) });
  admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(async () => {
  expect(await auditLedger(t.deps.db)).toEqual([]);
  await t.close();
});

type Best = { back: number | null; lay: number | null };

/** Each runner's best back and lay in the file up to `untilPt`: price → size deltas, 0 removes. */
function bestPrices(untilPt: number): Map<string, Best> {
  const sides = new Map<string, { atb: Map<number, number>; atl: Map<number, number> }>();
  for (const line of LINES) {
    const message = JSON.parse(line);
    if (message.pt > untilPt) break;
    for (const change of message.mc ?? []) {
      for (const rc of change.rc ?? []) {
        const runner = sides.get(String(rc.id)) ?? { atb: new Map(), atl: new Map() };
        sides.set(String(rc.id), runner);
        for (const side of ['atb', 'atl'] as const) {
          for (const [price, size] of rc[side] ?? []) {
            if (size === 0) runner[side].delete(price);
            else runner[side].set(price, size);
          }
        }
      }
    }
  }
  const best = new Map<string, Best>();
  for (const [id, { atb, atl }] of sides) {
    const backs = [...atb.keys()];
    const lays = [...atl.keys()];
    best.set(id, {
      back: backs.length > 0 ? Math.max(...backs) : null,
      lay: lays.length > 0 ? Math.min(...lays) : null,
    });
  }
  return best;
}

const hundredths = (price: number) => BigInt(Math.round(price * 100));

/** The house's prices on a runner: its implied-chance mid, widened by the margin, on the ladder. */
function expectedLevels({ back, lay }: Best, size: string) {
  if (back === null || lay === null) return { back: [], lay: [] };
  const [b, l] = [hundredths(back), hundredths(lay)];
  // ppm = 10^6 × (100/b + 100/l) / 2, rounded half up.
  const ppm = Number((10n ** 8n * (b + l) + b * l) / (2n * b * l));
  const ticks = quoteTicks(ppm, MARGIN_BASIS_POINTS);
  const level = (tick: number) => [{ price: priceHundredthsOfTick(tick) / 100, size }];
  return { back: level(ticks.backTick), lay: level(ticks.layTick) };
}

type MarketView = {
  eventId: string;
  type: string;
  status: string;
  maxStake: string;
  runners: { id: string; name: string; back: unknown[]; lay: unknown[] }[];
};

async function marketView(marketId: string): Promise<MarketView> {
  const response = await t.app.inject({ method: 'GET', url: `/api/markets/${marketId}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MarketView>();
}

/** Waits for the line's quotes to reach what the file says up to `untilPt`, then compares them. */
async function expectQuotesAt(lineId: string, untilPt: number): Promise<MarketView> {
  const best = bestPrices(untilPt);
  const expected = (view: MarketView) =>
    view.runners.map((runner) => ({
      id: runner.id,
      ...expectedLevels(best.get(runner.id) ?? { back: null, lay: null }, view.maxStake),
    }));
  const quoted = (view: MarketView) => view.runners.map(({ id, back, lay }) => ({ id, back, lay }));
  let view = await marketView(lineId);
  await waitFor(async () => {
    view = await marketView(lineId);
    return JSON.stringify(quoted(view)) === JSON.stringify(expected(view));
  }, 15_000).catch(() => undefined);
  expect(quoted(view)).toEqual(expected(view));
  return view;
}

async function fundedPlayer(): Promise<Headers> {
  const desk = cashDeskClient(t, admin);
  const email = `p-${randomUUID().slice(0, 8)}@test.local`;
  await desk.deposit(await desk.createPlayer(email), { amount: '1000.00', remark: 'test' });
  return bearer(await loginAs(t.app, email, 'secret1'));
}

const inject = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const resume = async (feedId: string, until?: number) => {
  const answer = await inject('POST', `/api/admin/feeds/${feedId}/resume`, admin, until ? { until } : {});
  expect(answer.statusCode, answer.body).toBe(200);
};

const resultOf = async (marketId: string) =>
  (
    await t.deps.db.query<{ kind: string; winner_runner_id: string | null }>(
      'SELECT kind, winner_runner_id FROM market_results WHERE market_id = $1',
      [marketId],
    )
  )[0];

const settlements = async (marketId: string) =>
  (await t.deps.db.query('SELECT 1 FROM market_settlements WHERE market_id = $1', [marketId])).length;

const settledBet = async (auth: Headers, betId: string) =>
  (await inject('GET', '/api/bets?status=settled', auth))
    .json<{ bets: { id: string; status: string; avgPrice: number | null; profit: string | null }[] }>()
    .bets.find((bet) => bet.id === betId);

it('prices the line from the source mid with the margin as the source moves, and settles a back on its winner', async () => {
  const file = await uploadRecording(t, admin, FILE);
  const [first, second] = [ptOfLine(30), ptOfLine(120)];
  const created = await createReplay(t, admin, { fileIds: [file.id], until: first, maxGapMs: 100 });
  const marketId = (await feedInState(t, admin, created.id, ['paused'])).markets[0]!.marketId;
  const lineId = `${marketId}-bm`;

  const market = await marketView(marketId);
  const line = await expectQuotesAt(lineId, first);
  expect(line).toMatchObject({ eventId: market.eventId, type: 'BOOKMAKER', status: 'OPEN' });
  expect(line.runners.map(({ id, name }) => ({ id, name }))).toEqual(
    market.runners.map(({ id, name }) => ({ id, name })),
  );
  // Every trap is priced on both sides at this point of the file.
  expect(line.runners.map((runner) => [runner.back.length, runner.lay.length])).toEqual(
    market.runners.map(() => [1, 1]),
  );

  const player = await fundedPlayer();
  const price = (line.runners.find((runner) => runner.id === WINNER)!.back[0] as { price: number }).price;
  const placed = await inject('POST', '/api/bets', player, {
    marketId: lineId,
    runnerId: WINNER,
    side: 'BACK',
    price,
    stake: '100.00',
    persistence: 'LAPSE',
    clientRef: randomUUID(),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  expect(placed.json().bet).toMatchObject({ status: 'MATCHED', matched: '100.00' });
  const betId = placed.json<{ bet: { id: string } }>().bet.id;

  await resume(created.id, second);
  await feedInState(t, admin, created.id, ['paused']);
  const later = await expectQuotesAt(lineId, second);
  expect(later.runners.map((runner) => runner.back)).not.toEqual(line.runners.map((runner) => runner.back));

  await resume(created.id);
  await feedInState(t, admin, created.id, ['finished']);
  expect(await resultOf(lineId)).toEqual({ kind: 'WINNER', winner_runner_id: WINNER });
  let bet: Awaited<ReturnType<typeof settledBet>>;
  await waitFor(async () => (bet = await settledBet(player, betId)) !== undefined, 15_000);
  // No commission on a house-priced market: 100.00 × (price − 1).
  expect(bet!.profit).toBe((Math.round(price * 100) - 100).toFixed(2));
  expect(await settlements(lineId)).toBe(1);
});

it('holds the line with its market until a trader confirms the source result', async () => {
  const file = await uploadRecording(t, admin, FILE);
  const created = await createReplay(t, admin, { fileIds: [file.id], maxGapMs: 1, settleFrom: 'trader' });
  const feed = await feedInState(t, admin, created.id, ['finished']);
  const marketId = feed.markets[0]!.marketId;
  const lineId = `${marketId}-bm`;
  expect((await marketView(lineId)).status).toBe('CLOSED');
  expect(await resultOf(lineId)).toBeUndefined();
  const url = `/api/admin/feeds/${feed.id}/markets/${marketId}/confirm`;
  const confirmed = await inject('POST', url, admin);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect(await resultOf(lineId)).toEqual({ kind: 'WINNER', winner_runner_id: WINNER });
  await waitFor(async () => (await settlements(lineId)) === 1, 15_000);
});

/** The line's back price on a runner now (it must be quoted). */
const backPrice = (view: MarketView, runnerId: string): number =>
  (view.runners.find((runner) => runner.id === runnerId)!.back[0] as { price: number }).price;

const backOnLine = async (auth: Headers, marketId: string, runnerId: string, price: number) => {
  const placed = await inject('POST', '/api/bets', auth, {
    marketId,
    runnerId,
    side: 'BACK',
    price,
    stake: '100.00',
    persistence: 'LAPSE',
    clientRef: randomUUID(),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<{ bet: { id: string } }>().bet.id;
};

it('offers no non-runner and voids the bets on it, prices from the last traded price, and suspends in play without prices', async () => {
  const basic = 'flumine/BASIC-1.132153978';
  const basicLines = readFileSync(recording(basic), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
  const firstWith = (check: (definition: { inPlay: boolean; runners: { status: string }[] }) => boolean) =>
    basicLines.find((message) =>
      (message.mc ?? []).some((change: { marketDefinition?: never }) =>
        change.marketDefinition ? check(change.marketDefinition) : false,
      ),
    ).pt as number;
  const bothRemoved = firstWith((d) => d.runners.filter((r) => r.status === 'REMOVED').length === 2);
  const inPlay = firstWith((d) => d.inPlay);
  const [first, second, winner] = ['11198538', '9606433', '12115648'];
  const file = await uploadRecording(t, admin, basic);
  const created = await createReplay(t, admin, { fileIds: [file.id], until: bothRemoved - 1, maxGapMs: 1 });
  const marketId = (await feedInState(t, admin, created.id, ['paused'])).markets[0]!.marketId;
  const lineId = `${marketId}-bm`;
  const quotedOnly = async (removed: readonly string[]) => {
    let line = await marketView(lineId);
    await waitFor(async () => {
      line = await marketView(lineId);
      return (
        line.runners.filter((runner) => runner.back.length > 0).length ===
        line.runners.length - removed.length
      );
    }, 15_000);
    expect(line.status).toBe('OPEN');
    for (const runner of line.runners)
      expect([runner.id, runner.back.length, runner.lay.length]).toEqual(
        removed.includes(runner.id) ? [runner.id, 0, 0] : [runner.id, 1, 1],
      );
    return line;
  };
  const beforeSecond = await quotedOnly([first]);
  const player = await fundedPlayer();
  const onSecond = await backOnLine(player, lineId, second, backPrice(beforeSecond, second));
  const winnerPrice = backPrice(beforeSecond, winner);
  const onWinner = await backOnLine(player, lineId, winner, winnerPrice);

  await resume(created.id, bothRemoved);
  await feedInState(t, admin, created.id, ['paused']);
  await quotedOnly([first, second]);
  const betsOf = async () =>
    (await inject('GET', '/api/bets', player)).json<{ bets: { id: string; status: string }[] }>().bets;
  await waitFor(async () => (await betsOf()).find((bet) => bet.id === onSecond)?.status === 'VOID', 15_000);
  const balance = await inject('GET', '/api/me/balance', player);
  expect(balance.json()).toEqual({ balance: '900.00', exposure: '100.00' });

  await resume(created.id, inPlay);
  await feedInState(t, admin, created.id, ['paused']);
  await waitFor(async () => (await marketView(lineId)).status === 'SUSPENDED', 15_000);
  await resume(created.id);
  await feedInState(t, admin, created.id, ['finished']);
  expect(await resultOf(lineId)).toEqual({ kind: 'WINNER', winner_runner_id: winner });
  let settled: Awaited<ReturnType<typeof settledBet>>;
  await waitFor(async () => (settled = await settledBet(player, onWinner)) !== undefined, 15_000);
  // The winner's back was taken before the second non-runner (5.55 %, docs/decisions/0284): it stands at
  // its price × 0.9445, rounded down to the hundredth, and wins 100.00 × (that − 1).
  const reduced = Math.floor((Math.round(winnerPrice * 100) * 9445) / 10_000);
  expect(settled!.avgPrice).toBe(reduced / 100);
  expect(settled!.profit).toBe((reduced - 100).toFixed(2));
});
