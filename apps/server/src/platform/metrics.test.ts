import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { startTestApp, type TestContext } from '../test/test-app.ts';
import { Lifecycle } from './lifecycle.ts';
import { createAppMetrics } from './metrics.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const scrape = (app = ctx.app, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/metrics', headers });

describe('GET /metrics', () => {
  it('labels request latency by route pattern and status class, never by raw URL', async () => {
    const id = crypto.randomUUID();
    await ctx.app.inject({ method: 'POST', url: `/api/admin/players/${id}/status` });
    await ctx.app.inject({ method: 'GET', url: `/no/such/page/${id}` });
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const body = response.body;
    expect(body).toContain('backlay_http_request_duration_seconds_bucket');
    expect(body).toMatch(/method="POST",route="\/api\/admin\/players\/:id\/status",status_class="4xx"/);
    expect(body).toMatch(/method="GET",route="unmatched",status_class="4xx"/);
    expect(body).not.toContain(id);
    expect(body).toContain('backlay_sockets_open');
    expect(body).toContain('process_cpu_user_seconds_total');
  });

  it('is refused to a request a proxy forwarded, even from this host', async () => {
    const response = await scrape(ctx.app, { 'x-forwarded-for': '203.0.113.9' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('needs the metrics token when one is configured', async () => {
    const token = 'metrics-token-0123456789';
    const guarded = await startTestApp({ METRICS_TOKEN: token }, {}, ctx.deps.db);
    try {
      expect((await scrape(guarded.app)).statusCode).toBe(403);
      expect((await scrape(guarded.app, { authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(
        403,
      );
      expect((await scrape(guarded.app, { authorization: `Bearer ${token}` })).statusCode).toBe(200);
      // A second app in the same process has its own registry: building it did not collide.
      expect((await scrape()).statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('createAppMetrics', () => {
  it('reports the database pool when the database has one, and each worker', async () => {
    const db = {
      stats: () => ({ totalConnections: 8, idleConnections: 3, waitingRequests: 2 }),
    } as unknown as Database;
    const lifecycle = new Lifecycle();
    await lifecycle.register({ name: 'feed', start: () => {}, stop: () => {} });
    await lifecycle.start();
    const text = await createAppMetrics({ db, lifecycle }).registry.metrics();
    expect(text).toContain('backlay_db_pool_connections{state="total"} 8');
    expect(text).toContain('backlay_db_pool_connections{state="idle"} 3');
    expect(text).toContain('backlay_db_pool_waiting_requests 2');
    expect(text).toContain('backlay_worker_up{worker="feed"} 1');
    expect(text).toContain('backlay_worker_restarts{worker="feed"} 0');
    await lifecycle.stop();
    expect(await createAppMetrics({ db, lifecycle }).registry.metrics()).toContain(
      'backlay_worker_up{worker="feed"} 0',
    );
  });
});
