import { chownSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../portal-process.ts';
import { pgbouncerIni } from './ha-config.ts';
import { OS_USER, postgresOwner } from './os-user.ts';
import { pgbouncerProcess, workFolder } from './pgbouncer.ts';
import type { Supervised } from './supervised.ts';

/** Connections kept free for everyone else: superusers, migrations, the aggregator, a psql. */
export const SPARE_CONNECTIONS = 10;

/** The instances' pools together would take more than the server has to give. */
export const poolerNeeded = (instances: number, poolSize: number, maxConnections: number): boolean =>
  instances * poolSize > maxConnections - SPARE_CONNECTIONS;

export type Pooler = { url: string; process: Supervised; stop(): Promise<void> };

/** The server's `max_connections`, read over `url`. */
export async function maxConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ max_connections: string }>('SHOW max_connections');
    return Number(rows[0]!.max_connections);
  } finally {
    await client.end();
  }
}

/**
 * PgBouncer in transaction mode in front of the database `url` names (the portals hold no session state
 * between transactions, decision 0303): any number of instances share the server's connections, 40
 * at most. Installs the Debian package when missing.
 */
export async function startPooler(url: string, output: NodeJS.WritableStream | null): Promise<Pooler> {
  const server = new URL(url);
  const database = decodeURIComponent(server.pathname.slice(1));
  const workDir = workFolder('backlay-pooler-');
  const port = await freePort();
  const iniFile = join(workDir, 'pgbouncer.ini');
  const target = { host: server.hostname || '127.0.0.1', port: Number(server.port || 5432) };
  const user = decodeURIComponent(server.username || OS_USER);
  const password = server.password ? decodeURIComponent(server.password) : undefined;
  const ini = pgbouncerIni({
    port,
    database,
    user,
    target,
    readTarget: target,
    ...(password && { password }),
  });
  const bouncer = pgbouncerProcess(iniFile, output);
  // Only the postgres OS user may read it: it can hold the server's password.
  writeFileSync(iniFile, ini, { mode: 0o600 });
  const owner = postgresOwner();
  if (owner) chownSync(iniFile, owner.uid, owner.gid);
  bouncer.start();
  const pooled = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  await untilAnswers(pooled, bouncer);
  return {
    url: pooled,
    process: bouncer,
    async stop() {
      await bouncer.stop();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

async function untilAnswers(url: string, bouncer: Supervised): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    if (!bouncer.running) throw new Error('PgBouncer exited at its start');
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  throw new Error('PgBouncer did not answer within 10 s');
}
