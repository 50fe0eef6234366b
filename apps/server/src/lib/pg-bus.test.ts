import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type PostgresDatabase } from '../db/postgres.ts';
import { terminateBackends, waitFor } from '../test/pg-outage.ts';
import { busChannel, MAX_NOTIFY_PAYLOAD_BYTES, PgBus } from './pg-bus.ts';

const url = process.env.DATABASE_URL;

describe('busChannel', () => {
  it('derives one channel per schema and keeps long names within 63 bytes', () => {
    expect(busChannel('t_0a1b2c')).toBe('backlay_bus_t_0a1b2c');
    expect(busChannel('public')).not.toBe(busChannel('t_0a1b2c'));
    const long = busChannel('s'.repeat(63));
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(63);
    expect(long).not.toBe(busChannel(`${'s'.repeat(62)}t`));
  });
});

/** Collects what a subscriber hears, with the time it arrived. */
function recorder(bus: PgBus, topic: string) {
  const heard: { message: string; atMs: number }[] = [];
  bus.subscribe(topic, (message) => heard.push({ message, atMs: performance.now() }));
  return heard;
}

describe.runIf(url)('PgBus between instances sharing one PostgreSQL schema', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  const databases: PostgresDatabase[] = [];
  let first: PgBus;
  let second: PgBus;
  let elsewhere: PgBus;
  const open = async (onSchema: string) => {
    // A name per pool, so that one instance's listening session can be terminated alone.
    const applicationName = `backlay:${onSchema}:${databases.length}`;
    const db = await openPostgres({ url: url!, schema: onSchema, maxConnections: 3, log, applicationName });
    databases.push(db);
    return db;
  };
  beforeAll(async () => {
    first = new PgBus(await open(schema), { log });
    second = new PgBus(await open(schema), { log, reconnect: { initialDelayMs: 20, maxDelayMs: 200 } });
    elsewhere = new PgBus(await open(`${schema}_x`), { log });
    await Promise.all([first.ready(), second.ready(), elsewhere.ready()]);
  });
  afterAll(async () => {
    await Promise.all([first, second, elsewhere].map((bus) => bus.close()));
    await databases[0]!.query(`DROP SCHEMA ${schema} CASCADE`);
    await databases[2]!.query(`DROP SCHEMA ${schema}_x CASCADE`);
    await Promise.all(databases.map((db) => db.close()));
  });

  it('delivers by topic to other instances, once to the publisher, never to another schema', async () => {
    const mine = recorder(first, 'balance:a');
    const theirs = recorder(second, 'balance:a');
    const otherTopic = recorder(second, 'balance:b');
    const otherSchema = recorder(elsewhere, 'balance:a');
    await first.publish('balance:a', '{"version":1}');
    // Local subscribers hear it before publish resolves, as with the in-process bus.
    expect(mine.map((entry) => entry.message)).toEqual(['{"version":1}']);
    await waitFor(() => theirs.length === 1);
    await first.publish('balance:a', 'fence');
    await waitFor(() => theirs.length === 2);
    expect(theirs.map((entry) => entry.message)).toEqual(['{"version":1}', 'fence']);
    expect(mine).toHaveLength(2); // the echo through PostgreSQL is ignored
    expect(otherTopic).toHaveLength(0);
    expect(otherSchema).toHaveLength(0);
  });

  it('sends the messages of one turn together and another instance hears each, in order', async () => {
    const theirs = recorder(second, 'burst');
    const messages = Array.from({ length: 50 }, (_, i) => `{"n":${i}}`);
    await Promise.all(messages.map((message) => first.publish('burst', message)));
    await waitFor(() => theirs.length === messages.length);
    expect(theirs.map((entry) => entry.message)).toEqual(messages);
  });

  it('refuses a message over the NOTIFY payload limit, on every instance', async () => {
    const mine = recorder(first, 'big');
    const theirs = recorder(second, 'big');
    await expect(first.publish('big', 'x'.repeat(MAX_NOTIFY_PAYLOAD_BYTES))).rejects.toThrow(
      /may not exceed/,
    );
    expect(lines.some((line) => line.includes('refused'))).toBe(true);
    await first.publish('big', 'small');
    await waitFor(() => theirs.length === 1);
    expect(theirs.map((entry) => entry.message)).toEqual(['small']);
    expect(mine.map((entry) => entry.message)).toEqual(['small']);
  });

  it('listens again after the server drops the listening session', async () => {
    const theirs = recorder(second, 'after-loss');
    const listener = `${databases[1]!.applicationName}:bus`;
    expect(await terminateBackends(url!, { applicationName: listener })).toBe(1);
    await waitFor(() => lines.some((line) => line.includes('is down')));
    await second.ready();
    expect(lines.some((line) => line.includes('listening again'))).toBe(true);
    await first.publish('after-loss', 'hello again');
    await waitFor(() => theirs.length === 1);
  });

  it('sends what was published before close, so a short-lived process is heard', async () => {
    const theirs = recorder(second, 'from-cli');
    const cli = new PgBus(await open(schema), { log });
    void cli.publish('from-cli', 'suspended').catch(() => {});
    await cli.close();
    await waitFor(() => theirs.length === 1);
  });

  it('measures delivery latency between two instances', async () => {
    const theirs = recorder(second, 'latency');
    const samplesMs: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const sentMs = performance.now();
      await first.publish('latency', String(i));
      await waitFor(() => theirs.length === i + 1, 1_000);
      samplesMs.push(theirs[i]!.atMs - sentMs);
    }
    console.info(`bus latency between instances (ms): ${samplesMs.map((ms) => ms.toFixed(1)).join(', ')}`);
    expect(Math.max(...samplesMs)).toBeLessThan(1_000);
  });
});
