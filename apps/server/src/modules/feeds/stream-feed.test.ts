import type { Feed, SourceBook } from '@backlay/contracts';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cashDeskClient } from '../../test/cash-desk-client.ts';
import { createOperatorMarket } from '../../test/operator-market.ts';
import { waitFor } from '../../test/pg-outage.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { tradingApiClient, type TradingApiHeaders } from '../../test/trading-api-client.ts';
import { BetfairStreamServer, tlsIdentity } from '../betfair/index.ts';
import { feedInState, readFeedView, type Headers } from './feeds-test-kit.ts';

let t: TestContext;
let admin: Headers;
let identity: Awaited<ReturnType<typeof tlsIdentity>>;
let server: BetfairStreamServer;
let port: number;
let bot: TradingApiHeaders;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'feeds-stream-'));
  t = await startTestApp({ DATA_DIR: dataDir });
  admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
  identity = await tlsIdentity({ DATA_DIR: dataDir });
  server = new BetfairStreamServer({ ...t.deps });
  port = await server.start(identity, 0, '127.0.0.1');
  const email = `bot-${randomUUID().slice(0, 8)}@test.local`;
  const desk = cashDeskClient(t, admin);
  await desk.deposit(await desk.createPlayer(email), { amount: '1000.00', remark: 'test' });
  bot = await tradingApiClient(t).signIn(email, bearer(await loginAs(t.app, email, 'secret1')));
});
afterAll(async () => {
  await server.stop();
  await t.close();
});

it('follows a live Exchange Stream: mirrors its market, folds its deltas, pauses and stops', async () => {
  const market = await createOperatorMarket(t, admin);
  const [ids] = await t.deps.db.query<{ market: string; home: string }>(
    `SELECT m.bf_id::text AS market, r.bf_id::text AS home FROM markets m JOIN runners r ON r.market_id = m.id
     WHERE m.id = $1 ORDER BY r.sort_order LIMIT 1`,
    [market.id],
  );
  const sourceMarketId = `1.${ids!.market}`;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/feeds',
    headers: admin,
    payload: {
      kind: 'stream',
      host: 'localhost',
      port,
      appKey: bot['x-application'],
      session: bot['x-authentication'],
      tls: { ca: identity.cert.toString() },
      filter: { marketIds: [sourceMarketId] },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const feedId = created.json<{ feed: Feed }>().feed.id;
  let feed!: Feed;
  await waitFor(async () => {
    feed = await readFeedView(t, admin, feedId);
    return feed.markets.length === 1 || feed.state === 'failed';
  }, 15_000);
  expect(feed, JSON.stringify(feed)).toMatchObject({ kind: 'stream', state: 'running', progress: null });
  expect(feed.markets[0]!.sourceMarketId).toBe(sourceMarketId);
  const mirroredId = feed.markets[0]!.marketId;

  const placed = await tradingApiClient(t).call(bot, 'placeOrders', {
    marketId: sourceMarketId,
    instructions: [
      {
        selectionId: Number(ids!.home),
        side: 'LAY',
        orderType: 'LIMIT',
        limitOrder: { size: 100, price: 3, persistenceType: 'LAPSE' },
      },
    ],
  });
  expect(placed.result).toMatchObject({ status: 'SUCCESS' });
  await waitFor(async () => {
    const book = await t.app.inject({
      method: 'GET',
      url: `/api/markets/${mirroredId}/source`,
      headers: admin,
    });
    return book.statusCode === 200 && JSON.stringify(book.json<SourceBook>().runners[0]?.atb) === '[[3,100]]';
  }, 15_000);

  const paused = await t.app.inject({
    method: 'POST',
    url: `/api/admin/feeds/${feedId}/pause`,
    headers: admin,
  });
  expect(paused.json<{ feed: Feed }>().feed.state).toBe('paused');
  const speed = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/feeds/${feedId}`,
    headers: admin,
    payload: { speed: 5 },
  });
  expect(speed.json()).toMatchObject({ code: 'FEED_NOT_REPLAY' });
  const stopped = await t.app.inject({
    method: 'POST',
    url: `/api/admin/feeds/${feedId}/stop`,
    headers: admin,
  });
  expect(stopped.json<{ feed: Feed }>().feed.state).toBe('stopped');
  expect((await feedInState(t, admin, feedId, ['stopped'])).skipped).toBe(0);
});
