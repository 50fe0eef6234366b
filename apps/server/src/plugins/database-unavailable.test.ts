import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { composeDeps } from '../compose.ts';
import { isPostgresDatabase, openPostgres } from '../db/postgres.ts';
import { parseEnv } from '../env.ts';
import { InProcessBus } from '../lib/bus.ts';
import { terminateBackends } from '../test/pg-outage.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../test/test-app.ts';

const url = process.env.DATABASE_URL;
const UNAVAILABLE = {
  message: 'The database is unavailable; please retry shortly.',
  code: 'DATABASE_UNAVAILABLE',
};

describe('a portal whose database cannot be reached', () => {
  it('answers 503 with Retry-After, never 500', async () => {
    const parsed = parseEnv({ NODE_ENV: 'test', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/backlay' });
    if (!parsed.ok) throw new Error(parsed.message);
    const db = await openPostgres({ url: parsed.env.DATABASE_URL!, connectTimeoutMs: 1_000, log: () => {} });
    const app = await buildApp(composeDeps(parsed.env, db, { bus: new InProcessBus() }));
    try {
      const requests = [
        app.inject({
          method: 'POST',
          url: '/api/loginUser',
          payload: { email: 'a@b.cd', password: 'secret1' },
        }),
        app.inject({ method: 'GET', url: '/api/me', headers: bearer('some-token') }),
      ];
      for (const response of await Promise.all(requests)) {
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual(UNAVAILABLE);
        expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await app.close();
      await db.close();
    }
  });
});

describe.runIf(url)('a portal whose PostgreSQL drops every connection', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    ctx = await startTestApp();
    admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  });
  afterAll(() => ctx.close());

  const listPlayers = () => ctx.app.inject({ method: 'GET', url: '/api/admin/players', headers: admin });

  it('keeps running and answers again without a restart', async () => {
    const db = ctx.deps.db;
    if (!isPostgresDatabase(db)) throw new Error('expected PostgreSQL');
    await Promise.all([1, 2, 3].map(() => listPlayers()));
    const startedMs = performance.now();
    expect(await terminateBackends(url!, { applicationName: db.applicationName })).toBeGreaterThan(0);
    let answered = false;
    // A request that meets a connection the pool has not yet seen die answers 503; the next one succeeds.
    for (let attempt = 0; attempt < 20 && !answered; attempt += 1) {
      const response = await listPlayers();
      if (response.statusCode === 200) answered = true;
      else {
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual(UNAVAILABLE);
        expect(response.headers['retry-after']).toBeDefined();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    expect(answered).toBe(true);
    console.info(`recovered ${(performance.now() - startedMs).toFixed(1)} ms after pg_terminate_backend`);
  });
});
