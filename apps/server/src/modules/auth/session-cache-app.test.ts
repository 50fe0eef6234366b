import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { DEMO_PLAYER } from '../../seed.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';

/** Counts session lookups reaching the database, to prove that cached requests skip it. */
function countingSessionLookups(db: Database) {
  const counter = { lookups: 0 };
  const query: Database['query'] = (text, params) => {
    if (text.includes('FROM sessions s JOIN users u')) counter.lookups += 1;
    return db.query(text, params);
  };
  return { db: { ...db, query }, counter };
}

let ctx: TestContext;
let counter: { lookups: number };
let admin: Record<string, string>;
beforeAll(async () => {
  const base = await startTestApp();
  await base.app.close();
  const counted = countingSessionLookups(base.deps.db);
  counter = counted.counter;
  const app = await startTestApp({}, {}, counted.db);
  ctx = {
    ...app,
    close: async () => {
      await app.close();
      await base.close();
    },
  };
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(() => ctx.close());

const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });

describe('cached sessions', () => {
  it('reads a session from the database once, then from the cache', async () => {
    const token = await loginAs(ctx.app, DEMO_PLAYER.email, DEMO_PLAYER.password);
    const before = counter.lookups;
    for (let i = 0; i < 5; i += 1) expect((await me(token)).statusCode).toBe(200);
    expect(counter.lookups - before).toBe(1);
  });

  it('refuses a cached token at once after sign-out', async () => {
    const token = await loginAs(ctx.app, DEMO_PLAYER.email, DEMO_PLAYER.password);
    expect((await me(token)).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses every cached token of a player at once after suspension', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/players',
      headers: admin,
      payload: { email: 'cached@test.local', password: 'secret1', name: 'Cached' },
    });
    const playerId = created.json().player.id as string;
    const tokens = [
      await loginAs(ctx.app, 'cached@test.local', 'secret1'),
      await loginAs(ctx.app, 'cached@test.local', 'secret1'),
    ];
    for (const token of tokens) expect((await me(token)).statusCode).toBe(200);
    const suspend = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/players/${playerId}/status`,
      headers: admin,
      payload: { status: 'suspended' },
    });
    expect(suspend.statusCode).toBe(200);
    for (const token of tokens) expect((await me(token)).statusCode).toBe(401);
  });
});
