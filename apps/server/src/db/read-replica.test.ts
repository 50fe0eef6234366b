import { describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../test/test-app.ts';
import { openTestDatabase } from '../test/test-db.ts';
import type { Database } from './database.ts';
import { openPostgres, type PostgresDatabase } from './postgres.ts';

const url = process.env.DATABASE_URL;

/** A read database that records what it is asked and refuses every write and transaction. */
function recording(target: Database): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const refuse = () => Promise.reject(new Error('the read database is never written'));
  const db: Database = {
    kind: target.kind,
    query: <Row>(text: string, params?: readonly unknown[]) => {
      statements.push(text);
      return target.query<Row>(text, params);
    },
    exec: refuse,
    transaction: refuse,
    close: () => target.close(),
  };
  return { db, statements };
}

/** The console's owner and a player with an opening credit of 100.00 and a deposit of 5.00. */
async function staffAndPlayer(ctx: TestContext, email: string) {
  const admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/players',
    headers: admin,
    payload: { email, password: 'secret1', name: 'R', openingCredit: '100' },
  });
  const playerId = created.json().player.id as string;
  const deposit = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/players/${playerId}/deposit`,
    headers: admin,
    payload: { amount: '5', remark: 'top-up' },
  });
  expect(deposit.statusCode).toBe(200);
  return { admin, player: bearer(await loginAs(ctx.app, email, 'secret1')) };
}

const get = async (ctx: TestContext, path: string, headers: Record<string, string>) => {
  const response = await ctx.app.inject({ method: 'GET', url: path, headers });
  return { status: response.statusCode, body: response.json() };
};

const readReplicaOf = async (ctx: TestContext, admin: Record<string, string>) =>
  (await get(ctx, '/api/admin/dashboard', admin)).body.readReplica;

describe('reads of lists and reports (docs/decisions/0308)', () => {
  it('read the primary when DATABASE_READ_URL is unset, and the dashboard says none is configured', async () => {
    const ctx = await startTestApp();
    try {
      expect(ctx.deps.readDb).toBe(ctx.deps.db);
      const { admin } = await staffAndPlayer(ctx, 'primary@test.local');
      expect(await readReplicaOf(ctx, admin)).toEqual({
        configured: false,
        reachable: true,
        standby: false,
        lagMs: null,
      });
    } finally {
      await ctx.close();
    }
  });

  it('serve statements, bet histories and reports from readDb while money moves on the primary', async () => {
    // A standby that has replayed nothing yet: a database of its own, migrated and empty.
    const stale = await openTestDatabase();
    const replica = recording(stale);
    const ctx = await startTestApp({}, { readDb: replica.db });
    try {
      const { admin, player } = await staffAndPlayer(ctx, 'lagging@test.local');
      expect((await get(ctx, '/api/me/balance', player)).body.balance).toBe('105.00');
      const statement = await get(ctx, '/api/reports/statement', player);
      expect(statement).toMatchObject({ status: 200, body: { items: [], total: 0 } });
      expect((await get(ctx, '/api/casino/bets', player)).status).toBe(200);

      const betReads = () => replica.statements.filter((text) => text.includes('FROM bets b')).length;
      expect(await get(ctx, '/api/bets?status=settled', player)).toMatchObject({ body: { bets: [] } });
      expect(betReads()).toBe(1);
      // Open bets are what a player cancels or has just placed: never from the standby.
      expect((await get(ctx, '/api/bets?status=open', player)).status).toBe(200);
      expect(betReads()).toBe(1);

      const day = new Date().toISOString().slice(0, 10);
      const before = replica.statements.length;
      const pnl = await get(ctx, `/api/admin/reports/pnl?from=${day}&to=${day}`, admin);
      expect(pnl.status).toBe(200);
      expect(replica.statements.length).toBeGreaterThan(before);

      expect(await readReplicaOf(ctx, admin)).toEqual({
        configured: true,
        reachable: true,
        standby: false,
        lagMs: null,
      });
      // Every statement the read database saw is a query: no write, no transaction reached it.
      for (const text of replica.statements) expect(text).toMatch(/^\s*(SELECT|WITH)\b/i);
    } finally {
      await ctx.close();
      await stale.close();
    }
  });

  it('show an unreachable standby on the dashboard, and answer its lists 503, never 500', async () => {
    const down = await openPostgres({
      url: 'postgres://postgres@127.0.0.1:1/standby',
      connectTimeoutMs: 1_000,
      log: () => {},
    });
    const ctx = await startTestApp({}, { readDb: down });
    try {
      const { admin, player } = await staffAndPlayer(ctx, 'unreachable@test.local');
      expect(await readReplicaOf(ctx, admin)).toEqual({
        configured: true,
        reachable: false,
        standby: false,
        lagMs: null,
      });
      expect(await get(ctx, '/api/reports/statement', player)).toMatchObject({
        status: 503,
        body: { code: 'DATABASE_UNAVAILABLE' },
      });
    } finally {
      await ctx.close();
      await down.close();
    }
  });

  it.skipIf(url)('ignore DATABASE_READ_URL with the embedded database, which has no standby', async () => {
    const ctx = await startTestApp({ DATABASE_READ_URL: 'postgres://postgres@127.0.0.1:1/standby' });
    try {
      expect(ctx.deps.readDb).toBe(ctx.deps.db);
    } finally {
      await ctx.close();
    }
  });

  it.runIf(url)('open a pool of their own on DATABASE_READ_URL, here the primary itself', async () => {
    const ctx = await startTestApp({ DATABASE_READ_URL: url! });
    const probe = await openPostgres({ url: url!, maxConnections: 1 });
    const readConnections = async () => {
      const name = `${(ctx.deps.db as PostgresDatabase).applicationName}:read`;
      const [row] = await probe.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
        [name],
      );
      return row!.n;
    };
    try {
      expect(ctx.deps.readDb).not.toBe(ctx.deps.db);
      const { admin, player } = await staffAndPlayer(ctx, 'pooled@test.local');
      // Same server, same schema: the statement read on the second pool holds the rows just written.
      const statement = await get(ctx, '/api/reports/statement', player);
      expect(statement).toMatchObject({ status: 200, body: { total: 2 } });
      expect(await readReplicaOf(ctx, admin)).toEqual({
        configured: true,
        reachable: true,
        standby: false,
        lagMs: null,
      });
      expect(await readConnections()).toBeGreaterThan(0);
    } finally {
      await ctx.close();
    }
    try {
      // Closing the app closes the read pool with the main one.
      await expect.poll(readConnections, { timeout: 5_000 }).toBe(0);
    } finally {
      await probe.close();
    }
  });
});
