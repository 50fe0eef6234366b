import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminateBackends, waitFor } from '../test/pg-outage.ts';
import { DatabaseUnavailableError } from './connection-errors.ts';
import { openPostgres, type PostgresDatabase } from './postgres.ts';

const url = process.env.DATABASE_URL;

describe.runIf(url)('PostgreSQL pool when the server drops connections', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const lines: string[] = [];
  let db: PostgresDatabase;
  beforeAll(async () => {
    db = await openPostgres({ url: url!, schema, maxConnections: 5, log: (line) => lines.push(line) });
  });
  afterAll(async () => {
    await db.query(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  });

  const one = async () => (await db.query<{ one: number }>('SELECT 1 AS one'))[0]?.one;
  const pidOf = async (tx: { query: PostgresDatabase['query'] }) =>
    (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;

  it('names its connections and reports pool figures', async () => {
    await Promise.all([1, 2, 3].map(() => db.query('SELECT pg_sleep(0.02)')));
    const [row] = await db.query<{ name: string }>('SELECT current_setting($1) AS name', [
      'application_name',
    ]);
    expect(row?.name).toBe(`backlay:${schema}`);
    const stats = db.stats();
    expect(stats.totalConnections).toBeGreaterThanOrEqual(2);
    expect(stats.idleConnections).toBe(stats.totalConnections);
    expect(stats.waitingRequests).toBe(0);
  });

  it('survives the server terminating idle connections and reconnects on the next query', async () => {
    await Promise.all([1, 2, 3].map(() => db.query('SELECT pg_sleep(0.02)')));
    expect(await terminateBackends(url!, { applicationName: db.applicationName })).toBeGreaterThan(0);
    // The pool hears each loss as an 'error' event; unheard, the first one would end the process.
    await waitFor(() => lines.some((line) => line.includes('database connection lost')));
    await waitFor(() => db.stats().totalConnections === 0);
    expect(await one()).toBe(1);
  });

  it('ends a transaction whose connection dies between statements with DatabaseUnavailableError', async () => {
    const before = lines.length;
    const attempt = db.transaction(async (tx) => {
      await terminateBackends(url!, { pid: await pidOf(tx) });
      // The lent-out client hears the loss while no statement runs; the process must not end.
      await waitFor(() => lines.slice(before).some((line) => line.includes('in a transaction')));
      await tx.query('SELECT 1');
    });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(await one()).toBe(1);
  });

  it('ends a transaction whose statement is cut off with DatabaseUnavailableError and discards the client', async () => {
    const attempt = db.transaction(async (tx) => {
      const pid = await pidOf(tx);
      await Promise.all([tx.query('SELECT pg_sleep(5)'), terminateBackends(url!, { pid })]);
    });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    const pids = await Promise.all([1, 2].map(() => db.transaction(pidOf)));
    expect(pids.every((pid) => pid > 0)).toBe(true);
  });

  it('reports the error that ended a transaction, not the ROLLBACK that failed on the dead connection', async () => {
    const attempt = db.transaction(async (tx) => {
      await terminateBackends(url!, { pid: await pidOf(tx) });
      throw new Error('stake refused');
    });
    await expect(attempt).rejects.toThrow('stake refused');
    expect(await one()).toBe(1);
  });

  it('keeps a healthy connection in the pool after an ordinary rollback', async () => {
    await db.transaction(async () => {}); // at least one idle connection to reuse
    const total = db.stats().totalConnections;
    await expect(
      db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        throw new Error('stake refused');
      }),
    ).rejects.toThrow('stake refused');
    expect(db.stats().totalConnections).toBe(total);
  });
});

describe('PostgreSQL that cannot be reached', () => {
  it('throws DatabaseUnavailableError for queries and transactions', async () => {
    const lines: string[] = [];
    const away = await openPostgres({
      url: 'postgres://postgres@127.0.0.1:1/backlay',
      connectTimeoutMs: 1_000,
      log: (line) => lines.push(line),
    });
    try {
      await expect(away.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await expect(away.transaction(async () => 1)).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect(away.stats()).toEqual({ totalConnections: 0, idleConnections: 0, waitingRequests: 0 });
    } finally {
      await away.close();
    }
  });
});
