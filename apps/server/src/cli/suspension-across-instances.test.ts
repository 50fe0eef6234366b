import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../app-deps.ts';
import { composeDeps } from '../compose.ts';
import { isPostgresDatabase, openPostgres, type PostgresDatabase } from '../db/postgres.ts';
import { PgBus } from '../lib/pg-bus.ts';
import { waitFor } from '../test/pg-outage.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../test/test-app.ts';
import { openProbe } from '../test/socket-client.ts';
import { runAdminCommand } from './commands.ts';

const url = process.env.DATABASE_URL;
const DEADLINE_MS = 1_000;

/** Another process on the same database: its own pool on the same schema, as a second portal or the CLI has. */
const samePostgres = (db: PostgresDatabase, name: string) =>
  openPostgres({
    url: url!,
    schema: db.schema,
    maxConnections: 5,
    applicationName: `${db.applicationName}:${name}`,
  });

const busOf = (deps: AppDeps): PgBus => {
  if (!(deps.bus instanceof PgBus)) throw new Error('expected the PostgreSQL bus');
  return deps.bus;
};

/** One run of `npm run admin`: its own pool and bus, closed before it returns, as the CLI process does. */
async function runCli(portal: AppDeps, argv: string[]): Promise<void> {
  const db = await samePostgres(portal.db as PostgresDatabase, 'cli');
  const deps = composeDeps(portal.env, db);
  try {
    await runAdminCommand(deps, argv, () => {});
  } finally {
    await deps.bus.close();
    await db.close();
  }
}

describe.runIf(url)('a suspension by the admin CLI on PostgreSQL without Redis', () => {
  let first: TestContext;
  let second: TestContext;
  let secondDb: PostgresDatabase;
  let secondUrl: string;
  beforeAll(async () => {
    first = await startTestApp();
    if (!isPostgresDatabase(first.deps.db)) throw new Error('expected PostgreSQL');
    secondDb = await samePostgres(first.deps.db, 'second');
    // The sockets' periodic session re-check runs every tens of seconds: only the bus can close one in time.
    second = await startTestApp({}, {}, secondDb);
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    const address = second.app.server.address();
    secondUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await Promise.all([busOf(first.deps).ready(), busOf(second.deps).ready()]);
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
    await first?.close();
  });

  it("reaches the other instances' sockets with a deposit, and their tokens and sockets with a suspension within a second", async () => {
    const admin = bearer(await loginAs(first.app, TEST_ADMIN.email, TEST_ADMIN.password));
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/admin/players',
      headers: admin,
      payload: { email: 'cli-suspend@test.local', password: 'secret1', name: 'Cli', openingCredit: '10' },
    });
    const playerId = created.json().player.id as string;
    const token = await loginAs(first.app, 'cli-suspend@test.local', 'secret1');
    const me = (ctx: TestContext) =>
      ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect((await me(second)).statusCode).toBe(200); // now cached on the second instance
    expect((await me(first)).statusCode).toBe(200);
    const probe = await openProbe(secondUrl, playerId);
    probe.socket.send(JSON.stringify({ token }));
    expect(await probe.next()).toEqual({ price: true, money: 10, exposure: 0 });
    let closed = false;
    void probe.closed.then(() => (closed = true));

    // A cash desk deposit by the CLI reaches the socket held by the second instance as well.
    await runCli(first.deps, ['deposit', 'cli-suspend@test.local', '5']);
    expect(await probe.next()).toEqual({ price: true, money: 15, exposure: 0 });

    const startedMs = performance.now();
    await runCli(first.deps, ['suspend', 'cli-suspend@test.local']);
    const commandMs = performance.now() - startedMs;
    // Both bounds count from the end of the command, which has committed the suspension by then.
    const refusedMs = await waitFor(async () => (await me(second)).statusCode === 401, DEADLINE_MS);
    const closedMs = refusedMs + (await waitFor(() => closed, DEADLINE_MS - refusedMs));
    expect((await me(first)).statusCode).toBe(401);
    expect(await probe.closed).toBe(1008);
    console.info(
      `CLI suspend took ${commandMs.toFixed(0)} ms; then token refused within ${refusedMs.toFixed(0)} ms, socket closed within ${closedMs.toFixed(0)} ms`,
    );
  });
});
