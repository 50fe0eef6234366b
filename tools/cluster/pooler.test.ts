import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { maxConnections, poolerNeeded, SPARE_CONNECTIONS, startPooler } from './pooler.ts';

const PGBOUNCER = '/usr/sbin/pgbouncer';
/** This machine's PostgreSQL (trust auth), which CI starts before the tests. */
const SERVER = process.env.POOLER_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('when the cluster puts PgBouncer in front', () => {
  it('is when the instances’ pools together pass max_connections less what others need', () => {
    expect(poolerNeeded(2, 20, 100)).toBe(false);
    expect(poolerNeeded(4, 20, 100)).toBe(false);
    expect(poolerNeeded(5, 20, 100)).toBe(true);
    expect(poolerNeeded(1, 100 - SPARE_CONNECTIONS + 1, 100)).toBe(true);
  });
});

/** Without PgBouncer or a local server there is nothing to test, except in CI, which has both. */
async function needsServer(context: { skip(): void }): Promise<void> {
  const reachable = await maxConnections(SERVER).then(
    () => true,
    () => false,
  );
  if (existsSync(PGBOUNCER) && reachable) return;
  if (process.env.CI === 'true') throw new Error(`${PGBOUNCER} or ${SERVER} is missing; .ci/run has both`);
  console.log(`skipped: needs ${PGBOUNCER} and a PostgreSQL server at ${SERVER}`);
  context.skip();
}

describe('the pooler', () => {
  it('serves more clients than it opens server connections, in transaction mode', async (context) => {
    await needsServer(context);
    const pooler = await startPooler(SERVER, null);
    const clients = Array.from({ length: 60 }, () => new pg.Client({ connectionString: pooler.url }));
    try {
      await Promise.all(clients.map((client) => client.connect()));
      // Sixty statements at once, each long enough to overlap the others: the server sees 40 at most.
      const answers = await Promise.all(
        clients.map((client) =>
          client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid FROM pg_sleep(0.2)'),
        ),
      );
      const backends = new Set(answers.map((answer) => answer.rows[0]!.pid));
      expect(answers).toHaveLength(60);
      expect(backends.size).toBeLessThanOrEqual(40);
      // A transaction keeps its server connection from BEGIN to COMMIT.
      const first = clients[0]!;
      await first.query('BEGIN');
      const pid = (await first.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      expect((await first.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid).toBe(pid);
      await first.query('COMMIT');
    } finally {
      await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
      await pooler.stop();
    }
  });
});
