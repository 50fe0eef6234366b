import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { startTestApp, type TestContext } from '../test/test-app.ts';
import { Lifecycle } from './lifecycle.ts';
import { probeDatabase } from './health.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const healthz = (app = ctx.app, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/healthz', headers });

/** An app on the shared database with its own lifecycle (and optionally another database handle). */
async function appWith(lifecycle: Lifecycle, db?: Database) {
  return startTestApp({}, { lifecycle, ...(db ? { db } : {}) }, ctx.deps.db);
}

describe('GET /healthz', () => {
  it('answers 200 with the database reachable and no worker started yet, without a token', async () => {
    const response = await healthz();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', service: 'running', database: { ok: true } });
    const workers = response.json().workers as { state: string }[];
    expect(workers.every((worker) => worker.state === 'idle')).toBe(true);
  });

  it('answers 503 while a worker restarts, with its error only for this host', async () => {
    const lifecycle = new Lifecycle({ backoffInitialMs: 60_000 });
    await lifecycle.register({ name: 'feed', start: () => {}, stop: () => {} });
    await lifecycle.register({
      name: 'crash-rounds',
      run: () => Promise.reject(new Error('hash chain exhausted')),
    });
    await lifecycle.start();
    const other = await appWith(lifecycle);
    try {
      const local = await healthz(other.app);
      expect(local.statusCode).toBe(503);
      expect(local.headers['retry-after']).toBe('5');
      expect(local.json()).toMatchObject({
        status: 'unavailable',
        code: 'UNAVAILABLE',
        workers: [
          { name: 'feed', state: 'running', restarts: 0 },
          { name: 'crash-rounds', state: 'backoff', restarts: 0, lastError: 'hash chain exhausted' },
        ],
      });
      const forwarded = await healthz(other.app, { 'x-forwarded-for': '203.0.113.9' });
      expect(forwarded.statusCode).toBe(503);
      expect(forwarded.json().workers[1]).not.toHaveProperty('lastError');
      expect(forwarded.json().workers[1]).toHaveProperty('lastErrorAt');
    } finally {
      await lifecycle.stop();
      await other.close();
    }
  });

  it('answers 503 while the service stops, so a load balancer drains it', async () => {
    const lifecycle = new Lifecycle();
    const other = await appWith(lifecycle);
    try {
      await lifecycle.stop();
      const response = await healthz(other.app);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ service: 'stopping' });
    } finally {
      await other.close();
    }
  });

  it('answers 503 from the start of a drain, while the workers still run', async () => {
    const lifecycle = new Lifecycle();
    const other = await appWith(lifecycle);
    try {
      await lifecycle.start();
      expect((await healthz(other.app)).statusCode).toBe(200);
      lifecycle.beginDrain();
      const response = await healthz(other.app);
      expect(response.statusCode).toBe(503);
      expect(lifecycle.state).toBe('running');
    } finally {
      await lifecycle.stop();
      await other.close();
    }
  });

  it('answers 503 when the database does not answer in time', async () => {
    const hanging = { ...ctx.deps.db, query: () => new Promise(() => {}) } as unknown as Database;
    const other = await appWith(new Lifecycle(), hanging);
    try {
      const response = await healthz(other.app);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ database: { ok: false } });
    } finally {
      await other.close();
    }
  });
});

describe('probeDatabase', () => {
  it('bounds a hanging query by the timeout and reports a failing one as down', async () => {
    const hanging = { query: () => new Promise(() => {}) } as unknown as Database;
    const failing = { query: () => Promise.reject(new Error('connection refused')) } as unknown as Database;
    const startedAt = Date.now();
    expect(await probeDatabase(hanging, 50)).toMatchObject({ ok: false });
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(await probeDatabase(failing, 50)).toMatchObject({ ok: false });
    expect(await probeDatabase(ctx.deps.db, 1_000)).toMatchObject({ ok: true });
  });
});
