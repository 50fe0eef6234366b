import type { Feed, SourceBook } from '@backlay/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '../../test/pg-outage.ts';
import {
  createStreamFeed,
  held,
  ladderOf,
  sourceBook,
  startPortal,
  Upstream,
  type Ladders,
  type Order,
  type Portal,
  type TradedMarket,
  type Trader,
} from './downstream-test-kit.ts';
import { feedInState, readFeedView } from './feeds-test-kit.ts';
import { isChange, SilentStream, StreamRelay } from './stream-peers-test-kit.ts';

// Two portals, each on its own database: the downstream's feed follows the upstream's trading stream.
let up: Upstream;
let down: Portal;
let alice: Trader;
let bob: Trader;
/** The account the downstream's feeds log in as. */
let feeder: Trader;

beforeAll(async () => {
  up = await Upstream.start();
  down = await startPortal('downstream');
  [alice, bob, feeder] = [await up.trader(), await up.trader(), await up.trader()];
});
afterAll(async () => {
  await down?.close();
  await up?.close();
});

/** The feed's body for a stream at `port` (the upstream's, or a relay's in front of it). */
const followUpstream = (port: number, filter: object) => ({
  host: 'localhost',
  port,
  appKey: feeder['x-application'],
  login: { identityUrl: up.identityUrl, username: feeder.email, password: 'secret1' },
  tls: { rejectUnauthorized: false },
  filter,
});

/** The downstream's market mirroring the feed's only source market, once the feed shows it. */
async function mirroredMarketOf(feedId: string): Promise<string> {
  let feed!: Feed;
  await waitFor(async () => {
    feed = await readFeedView(down.t, down.admin, feedId);
    return feed.markets.length === 1 || feed.state === 'failed';
  }, 20_000);
  expect(feed, JSON.stringify(feed)).toMatchObject({ state: 'running', markets: [expect.anything()] });
  return feed.markets[0]!.marketId;
}

/** Per selection id: the best offers to back and to lay, as `[price, size]` levels. */
type BestLevels = Record<string, { atb: number[][]; atl: number[][] }>;

/** The upstream's own best offers of each runner, as its players see them. */
async function ownBestLevels(market: TradedMarket): Promise<BestLevels> {
  const own = await up.book(market);
  const levels = (offers: { price: number; size: string }[]) => offers.map((o) => [o.price, Number(o.size)]);
  return Object.fromEntries(
    own.runners.map((runner, index) => [
      market.selections[index]!.selectionId,
      { atb: levels(runner.back), atl: levels(runner.lay) },
    ]),
  );
}

/** The ladders' best levels, as many as the upstream's own book shows of each runner (one at least). */
const bestOf = (ladders: Ladders, own: BestLevels): BestLevels =>
  Object.fromEntries(
    Object.entries(own).map(([id, levels]) => [
      id,
      {
        atb: (ladders[Number(id)]?.atb ?? []).slice(0, Math.max(levels.atb.length, 1)),
        atl: (ladders[Number(id)]?.atl ?? []).slice(0, Math.max(levels.atl.length, 1)),
      },
    ]),
  );

/**
 * Waits until the downstream's source book shows what a new subscription to the upstream's stream
 * holds, then asserts it whole; the best levels of both are the upstream's own book's.
 */
async function expectSameLadders(market: TradedMarket, mirroredId: string): Promise<SourceBook> {
  const view = up.watch(alice, market);
  let book: SourceBook | null = null;
  let own: BestLevels = {};
  try {
    await waitFor(async () => {
      book = await sourceBook(down, mirroredId);
      own = await ownBestLevels(market);
      const mirrored = book && ladderOf(book);
      return (
        view.imaged &&
        JSON.stringify(mirrored) === JSON.stringify(held(view.ladders)) &&
        JSON.stringify(bestOf(view.ladders, own)) === JSON.stringify(own)
      );
    }, 20_000).catch(() => {});
  } finally {
    await view.close();
  }
  expect(book && ladderOf(book)).toEqual(held(view.ladders));
  expect(bestOf(view.ladders, own)).toEqual(own);
  expect(book!.status).toBe(view.status);
  return book!;
}

/** Prices offered and taken on both runners: resting lays and backs, and two crossings that trade. */
const ORDERS: (Order & { who: 'alice' | 'bob' })[] = [
  { who: 'alice', runner: 0, side: 'LAY', price: 2.5, size: 10 },
  { who: 'alice', runner: 0, side: 'LAY', price: 2.4, size: 5 },
  { who: 'bob', runner: 0, side: 'BACK', price: 3, size: 4 },
  { who: 'bob', runner: 0, side: 'BACK', price: 2.5, size: 3 },
  { who: 'alice', runner: 1, side: 'BACK', price: 1.8, size: 6 },
  { who: 'bob', runner: 1, side: 'LAY', price: 1.6, size: 2 },
  { who: 'bob', runner: 1, side: 'LAY', price: 1.8, size: 4 },
  { who: 'alice', runner: 0, side: 'LAY', price: 2.5, size: 2 },
];
const place = (market: TradedMarket, order: (typeof ORDERS)[number]) =>
  up.place(order.who === 'alice' ? alice : bob, market, order);

it("mirrors the upstream market's offers, trades and settlement from its trading stream", async () => {
  const market = await up.market();
  const feed = await createStreamFeed(down, followUpstream(up.streamPort, { marketIds: [market.bfId] }));
  const mirroredId = await mirroredMarketOf(feed.id);
  for (const order of ORDERS) await place(market, order);
  await expectSameLadders(market, mirroredId);

  const settled = await up.portal.t.app.inject({
    method: 'POST',
    url: `/api/admin/markets/${market.id}/settle`,
    headers: up.portal.admin,
    payload: { winnerRunnerId: market.selections[0]!.runnerId },
  });
  expect(settled.statusCode, settled.body).toBe(200);
  let closed: SourceBook | null = null;
  await waitFor(async () => {
    closed = await sourceBook(down, mirroredId);
    // The upstream closes the market before it settles it: wait for the definition that names a winner.
    return closed?.status === 'CLOSED' && closed.runners.some((runner) => runner.status !== 'ACTIVE');
  }, 20_000);
  expect(closed!.runners.map((runner) => [runner.sourceSelectionId, runner.status])).toEqual([
    [market.selections[0]!.selectionId, 'WINNER'],
    [market.selections[1]!.selectionId, 'LOSER'],
  ]);
  await waitFor(
    async () => (await readFeedView(down.t, down.admin, feed.id)).markets[0]!.status === 'SETTLED',
  );
  const [result] = await down.t.deps.db.query<{ kind: string; winner_runner_id: string }>(
    'SELECT kind, winner_runner_id FROM market_results WHERE market_id = $1',
    [mirroredId],
  );
  expect(result).toEqual({ kind: 'WINNER', winner_runner_id: String(market.selections[0]!.selectionId) });
  const viewed = await readFeedView(down.t, down.admin, feed.id);
  expect(viewed).toMatchObject({ state: 'running', skipped: 0 });
  await stopFeed(feed.id);
});

async function stopFeed(feedId: string): Promise<void> {
  const url = `/api/admin/feeds/${feedId}/stop`;
  const stopped = await down.t.app.inject({ method: 'POST', url, headers: down.admin });
  expect(stopped.statusCode, stopped.body).toBe(200);
  await feedInState(down.t, down.admin, feedId, ['stopped']);
}

/** A scripted run of changes on both runners, offers moving and some trading, round after round. */
function changes(rounds: number): (Order & { who: 'alice' | 'bob' })[] {
  const run: (Order & { who: 'alice' | 'bob' })[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const step = round % 5;
    run.push(
      { who: 'alice', runner: 0, side: 'LAY', price: [2.3, 2.32, 2.34, 2.36, 2.38][step]!, size: 2 + step },
      { who: 'bob', runner: 0, side: 'BACK', price: [3.2, 3.25, 3.3, 3.35, 3.4][step]!, size: 3 },
      { who: 'bob', runner: 0, side: 'BACK', price: 2.3, size: 1 },
      { who: 'alice', runner: 1, side: 'BACK', price: 1.9, size: 1 + step },
      { who: 'bob', runner: 1, side: 'LAY', price: 1.9, size: 1 },
    );
  }
  return run;
}

/** The last clocks a connection handed to the client (heartbeats carry `clk` too). */
function lastClocks(answers: readonly Record<string, unknown>[]) {
  const clocked = answers.filter((answer) => answer.op === 'mcm');
  return {
    initialClk: clocked.findLast((answer) => answer.initialClk !== undefined)?.initialClk,
    clk: clocked.findLast((answer) => answer.clk !== undefined)?.clk,
  };
}

it('resumes from its clock after a cut and after the upstream restarts, missing and doubling nothing', async () => {
  const market = await up.market();
  const relay = new StreamRelay(up.identity, { host: '127.0.0.1', port: up.streamPort });
  const feed = await createStreamFeed(
    down,
    followUpstream(await relay.start(), { eventIds: [market.eventBfId] }),
  );
  try {
    const mirroredId = await mirroredMarketOf(feed.id);
    const run = changes(8);
    const subscribed = () => relay.connections.filter((c) => c.answers.some(isChange));
    /** The downstream is on its `nth` connection and has applied every change handed to it. */
    const caughtUp = async (nth: number) => {
      const viewed = await readFeedView(down.t, down.admin, feed.id);
      return subscribed().length === nth && viewed.applied + viewed.skipped === relay.changesPassed;
    };
    for (const [index, order] of run.entries()) {
      // Mid-run, once the changes so far reached the downstream: the changes go on while it is away.
      if (index === 15) {
        await waitFor(() => caughtUp(1), 20_000);
        relay.cutAll();
      }
      if (index === 30) {
        await waitFor(() => caughtUp(2), 20_000);
        await up.restartStream();
      }
      await place(market, order);
    }
    await expectSameLadders(market, mirroredId);

    // The connections that reached the stream: the first, the one after the cut, the one after the restart.
    await waitFor(() => caughtUp(3), 20_000).catch(() => {});
    expect(subscribed()).toHaveLength(3);
    const [first, second, third] = subscribed();
    const subscriptionOf = (c: typeof first) => c!.requests.find((r) => r.op === 'marketSubscription');
    expect(subscriptionOf(first)).not.toHaveProperty('clk');
    // Each resubscription names the last clocks handed over before its drop...
    expect(subscriptionOf(second)).toMatchObject(lastClocks(first!.answers));
    expect(subscriptionOf(third)).toMatchObject(lastClocks(second!.answers));
    // ...so the stream that still knows the subscription sends only what changed after them; a
    // restarted one knows it no longer and sends its image, which replaces what the feed held.
    expect(second!.answers.find(isChange)).toMatchObject({ ct: 'RESUB_DELTA' });
    expect(third!.answers.find(isChange)).toMatchObject({ ct: 'SUB_IMAGE' });
    // Every change message handed over was applied, each once: the feed's lines are exactly those.
    expect(await readFeedView(down.t, down.admin, feed.id)).toMatchObject({
      state: 'running',
      applied: relay.changesPassed,
      skipped: 0,
    });
  } finally {
    await stopFeed(feed.id);
    await relay.stop();
  }
});

it('reconnects and resumes when the stream falls silent for three of its heartbeats', async () => {
  const heartbeatMs = 500;
  const silent = new SilentStream(up.identity, { heartbeatMs, beats: 2 });
  const feed = await createStreamFeed(down, {
    host: '127.0.0.1',
    port: await silent.start(),
    appKey: 'silent-key',
    session: 'silent-session',
    tls: { rejectUnauthorized: false },
    filter: { marketIds: ['1.100'] },
  });
  try {
    await waitFor(() => (silent.connections[1]?.requests.length ?? 0) >= 2, 30_000);
    const [first, second] = silent.connections;
    expect(second!.requests.map((request) => request.op)).toEqual(['authentication', 'marketSubscription']);
    expect(first!.requests.filter((request) => request.op === 'marketSubscription')).toHaveLength(1);
    // Not before three heartbeats' silence after the last one.
    expect(second!.openedMs - first!.lastWriteMs).toBeGreaterThanOrEqual(3 * heartbeatMs - 50);
    // It resumes from the image's initialClk and the last heartbeat's clk.
    expect(second!.requests[1]).toMatchObject(lastClocks(first!.answers));
    expect((await readFeedView(down.t, down.admin, feed.id)).state).toBe('running');
  } finally {
    await stopFeed(feed.id);
    await silent.stop();
  }
});
